import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsDir } from "../../paths";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;

/** A transaction or the pool: anything that can run a statement. */
export type Executor = Pick<Db, "execute">;

export interface Database {
  pool: pg.Pool;
  db: Db;
  /** True when a trivial query answers; used by /api/health. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function connectDatabase(
  url: string,
  opts: { max?: number; connectionTimeoutMillis?: number } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    // A saturated pool answers with an error after this long instead of leaving requests hanging.
    connectionTimeoutMillis: opts.connectionTimeoutMillis ?? 10_000,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema });
  return {
    pool,
    db,
    async ping() {
      try {
        await pool.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

export async function runMigrations(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder: migrationsDir });
}
