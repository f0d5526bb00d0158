/**
 * The real server as a separate process (run from source through tsx), for what in-process
 * `inject` cannot show: several processes on one database, signals, in-flight requests.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../src/infra/db/embedded-postgres";
import { serverRoot } from "../../src/paths";

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  log(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-proc-"));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(serverRoot, "src/server.ts")], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: path.join(dataDir, "no-web"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (c: Buffer) => (output = (output + c.toString()).slice(-20_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  exited.then(() => rm(dataDir, { recursive: true, force: true })).catch(() => {});

  const deadline = Date.now() + 60_000;
  let done = false;
  void exited.then(() => (done = true));
  for (;;) {
    if (done) throw new Error(`server exited during start-up:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    exited,
    log: () => output,
    async stop(signal = "SIGTERM") {
      if (!done) child.kill(signal);
      return exited;
    },
  };
}
