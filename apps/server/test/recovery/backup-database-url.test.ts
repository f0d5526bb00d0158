/**
 * Backup and restore with DATABASE_URL: the system's pg_dump/pg_restore on our schemas, plus the
 * local files. pg_dump refuses a newer server; then the backup says which client tools to install
 * (the embedded PostgreSQL 18 of the default test run is newer than Debian 12's pg_dump 15; the
 * `test:api:debian-pg` run (CI: on Node 24) uses a PostgreSQL 15 and makes the whole round trip).
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it, inject } from "vitest";
import { serverRoot } from "../../src/paths";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { makeDataDir } from "../helpers/server-process";

const run = promisify(execFile);
const dirs: string[] = [];
const dbs: TestDatabase[] = [];
const emptyDbs: string[] = [];
afterAll(async () => {
  for (const d of dbs) await d.drop();
  const admin = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await admin.connect();
  for (const name of emptyDbs) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

function cli(script: "backup" | "restore", file: string, env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", path.join(serverRoot, "src", `${script}.ts`), file], {
    cwd: serverRoot,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
  });
}

async function majors(url: string): Promise<{ dump: number; server: number }> {
  const dump = Number(/(\d+)/.exec((await run("pg_dump", ["--version"])).stdout)?.[1]);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ v: string }>("select current_setting('server_version_num') as v");
  await c.end();
  return { dump, server: Math.floor(Number(rows[0]?.v) / 10_000) };
}

async function emptyDatabase(): Promise<string> {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `restore_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  emptyDbs.push(name);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

describe("backup with DATABASE_URL", () => {
  it("round-trips the database and the files with pg_dump, or names the pg_dump it needs", async () => {
    const db = await createTestDatabase();
    dbs.push(db);
    const source = await makeDataDir("poleatlas-backup-url-");
    dirs.push(source);
    const email = `url-${randomUUID()}@example.test`;
    await db.database.pool.query(
      `insert into "user" (id, name, email, email_verified) values ($1, '', $2, true)`,
      [randomUUID(), email],
    );
    const photo = path.join(source, "files", "utility-poles", "utility-poles", "u", "p.jpg");
    await mkdir(path.dirname(photo), { recursive: true });
    await writeFile(photo, "photo bytes");
    const archive = path.join(source, "..", `${path.basename(source)}.tar`);
    dirs.push(archive);

    const { dump, server } = await majors(db.url);
    const backup = cli("backup", archive, { DATA_DIR: source, DATABASE_URL: db.url });
    if (dump < server) {
      const err = await backup.then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(err?.code).toBe(1);
      expect(err?.stderr).toContain(
        `pg_dump ${dump} cannot dump a PostgreSQL ${server} server: install client tools of version ${server} or newer`,
      );
      return;
    }
    await backup;
    const target = path.join(await makeDataDir("poleatlas-restore-url-"), "data");
    dirs.push(path.dirname(target));
    const targetDb = await emptyDatabase();
    // A database that already has our tables is refused.
    const refused = await cli("restore", archive, { DATA_DIR: target, DATABASE_URL: db.url }).then(
      () => null,
      (e: { stderr: string }) => e,
    );
    expect(refused?.stderr).toContain("already has tables: restore into an empty database");
    await cli("restore", archive, { DATA_DIR: target, DATABASE_URL: targetDb });
    const c = new pg.Client({ connectionString: targetDb });
    await c.connect();
    const { rows } = await c.query<{ email: string }>(`select email from "user"`);
    await c.end();
    expect(rows.map((r) => r.email)).toEqual([email]);
    const restored = path.join(target, path.relative(source, photo));
    expect(await readFile(restored, "utf8")).toBe("photo bytes");
  }, 120_000);
});
