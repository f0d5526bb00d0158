/**
 * Starts the real built server on a free port with its own data folder, for the whole e2e run.
 * Its URL reaches the tests through E2E_BASE_URL; teardown stops it by PID (SIGTERM, so it also
 * stops its embedded PostgreSQL) and removes the data.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { assertChromium } from "./chromium";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, exited: () => string | null, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const why = exited();
    if (why) throw new Error(`The server exited before it answered: ${why}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

export default async function globalSetup() {
  assertChromium();
  // Overridable so parallel work can test its own builds without touching the default dist/.
  const serverEntry = path.resolve(root, process.env.E2E_SERVER_ENTRY ?? "apps/server/dist/server.js");
  const webDist = path.resolve(root, process.env.E2E_WEB_DIST ?? "apps/web/dist");
  if (!existsSync(serverEntry) || !existsSync(path.join(webDist, "index.html"))) {
    throw new Error("Build first: npm run build (the e2e suite runs the built server and web app)");
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-e2e-"));
  await chmod(dataDir, 0o755); // PostgreSQL runs as another user when we are root
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      PUBLIC_URL: baseUrl,
      DATABASE_URL: "",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exitInfo: string | null = null;
  child.on("exit", (code, signal) => {
    exitInfo = `code ${code}, signal ${signal}\n${log}`;
  });
  await waitForHealth(baseUrl, () => exitInfo);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    if (exitInfo === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (exitInfo === null) child.kill("SIGKILL");
    }
    await rm(dataDir, { recursive: true, force: true });
  };
}
