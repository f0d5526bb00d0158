/** Starts the built server as a child process on a free port with its own data, for measurements. */
import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdtemp } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function makeDataDir(prefix = "poleatlas-bench-"): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755); // PostgreSQL runs as another user when we are root
  return dir;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** ms from spawn to the first 200 on /api/health */
  startMs: number;
  stop(): Promise<void>;
}

export async function startServer(
  opts: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? (await makeDataDir());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(repoRoot, "apps/server/dist/server.js")], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ...opts.env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  let exited = false;
  child.on("exit", () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`server exited during start-up:\n${stderr}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - t0;
  return {
    url,
    dataDir,
    child,
    startMs,
    async stop() {
      if (exited) return;
      const done = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await done;
    },
  };
}
