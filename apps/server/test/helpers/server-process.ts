/**
 * The real server as a separate process, for what in-process `inject` cannot show: several
 * processes on one database, signals, in-flight requests — and for the e2e suite and the
 * benchmarks, which start the built server the same way.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../src/infra/db/embedded-postgres";
import { serverRoot } from "../../src/paths";

export interface StartServerOptions {
  /** A built entry such as apps/server/dist/server.js; by default the source runs through tsx. */
  entry?: string;
  env?: Record<string, string>;
  /** Kept as it is; by default a fresh temporary folder, removed when the process ends. */
  dataDir?: string;
  /** Every chunk the process prints (e.g. to show the log while debugging). */
  onOutput?: (chunk: Buffer) => void;
  startTimeoutMs?: number;
}

export interface ServerProcess {
  url: string;
  dataDir: string;
  /** Starts it took: over 1 when a port was taken; the caller's own data folder was then used before. */
  attempts: number;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 on /api/health. */
  startMs: number;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  log(): string;
  /** Sends the signal (SIGTERM: a graceful stop), then SIGKILL if it is still there after 15 s. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A folder PostgreSQL can use: mkdtemp makes it 0700, and as root PostgreSQL runs as another user. */
export async function makeDataDir(prefix = "poleatlas-proc-"): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755);
  return dir;
}

/** The server could not listen on the port freePort() gave: something took it in between. */
class PortTakenError extends Error {}

export async function startServerProcess(opts: StartServerOptions = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    // A folder of our own is new for every attempt: the failed one had set it up already.
    const dataDir = opts.dataDir ?? (await makeDataDir());
    const removeOwnDataDir = () =>
      opts.dataDir ? Promise.resolve() : rm(dataDir, { recursive: true, force: true }).catch(() => {});
    try {
      const server = await startOnce(opts, dataDir, attempt);
      void server.exited.then(removeOwnDataDir);
      return server;
    } catch (err) {
      await removeOwnDataDir();
      // A free port is free only until someone binds it: parallel test files, or the server's own
      // PostgreSQL picking a port too, can take it first (seen once in CI). Another port then.
      if (err instanceof PortTakenError && attempt < 3) continue;
      throw err;
    }
  }
}

async function startOnce(
  opts: StartServerOptions,
  dataDir: string,
  attempts: number,
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = opts.entry ? [opts.entry] : ["--import", "tsx", path.join(serverRoot, "src/server.ts")];
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: path.join(dataDir, "no-web"),
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (c: Buffer) => {
    output = (output + c.toString()).slice(-20_000);
    opts.onOutput?.(c);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let done = false;
  // 'close', not 'exit': only then has all the output (the EADDRINUSE line) been read.
  const exited = new Promise<number | null>((resolve) =>
    child.once("close", (code) => {
      done = true;
      resolve(code);
    }),
  );
  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  for (;;) {
    if (done) {
      const message = `server exited during start-up:\n${output}`;
      throw output.includes(`EADDRINUSE: address already in use 127.0.0.1:${port}`)
        ? new PortTakenError(message)
        : new Error(message);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer ${url}/api/health in time:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const startMs = performance.now() - t0;
  return {
    url,
    dataDir,
    attempts,
    child,
    startMs,
    exited,
    log: () => output,
    async stop(signal = "SIGTERM") {
      if (done) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** A fresh account on a server process (e-mail confirmation off), signed in over real HTTP. */
export async function signUpOverHttp(server: ServerProcess, origin: string) {
  const account = { email: `proc-${randomUUID()}@example.test`, password: `pw-${randomUUID()}` };
  const post = (route: string, body: object) =>
    fetch(`${server.url}/api/auth/${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(body),
    });
  const signedUp = await post("sign-up/email", { ...account, name: "" });
  if (signedUp.status !== 200) throw new Error(`sign-up answered ${signedUp.status}`);
  const res = await post("sign-in/email", account);
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => !c.endsWith("="))
    .join("; ");
  return { ...account, cookie };
}
