/**
 * Direct SQL on the e2e server's embedded PostgreSQL, for the one thing a browser cannot wait
 * for: an expired reset link (an hour by default). The server started it in E2E_DATA_DIR/postgres
 * on a free port (line 4 of postmaster.pid) with the fixed local credentials of
 * apps/server/src/infra/db/embedded-postgres.ts.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

async function databaseUrl(): Promise<string> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: the e2e global setup did not run");
  const pid = await readFile(path.join(dir, "postgres", "postmaster.pid"), "utf8");
  const port = pid.split("\n")[3]?.trim();
  if (!port || !/^\d+$/.test(port)) throw new Error("Cannot read the embedded PostgreSQL port");
  return `postgres://poleatlas:poleatlas@127.0.0.1:${port}/postgres`;
}

/** Makes every pending reset link of `userId` an hour past its expiry. */
export async function expireResetLinks(userId: string): Promise<number> {
  const client = new pg.Client({ connectionString: await databaseUrl() });
  await client.connect();
  try {
    const res = await client.query(
      `UPDATE verification SET expires_at = now() - interval '1 hour' WHERE value = $1`,
      [userId],
    );
    return res.rowCount ?? 0;
  } finally {
    await client.end();
  }
}
