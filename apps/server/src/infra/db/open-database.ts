import type { Config } from "../../config";
import { connectDatabase, type Database } from "./database";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";

export interface OpenedDatabase {
  database: Database;
  /** Set when we started PostgreSQL ourselves (no DATABASE_URL). */
  embedded?: EmbeddedPostgres;
  /** Set once the embedded PostgreSQL has exited on its own: what /api/health reports. */
  downReason: () => string | undefined;
  /** Closes the pool, then stops the embedded PostgreSQL if we started one. */
  close(): Promise<void>;
}

/** DATABASE_URL when given (nothing is started), else an embedded PostgreSQL in DATA_DIR/postgres. */
export async function openDatabase(config: Config, log: (msg: string) => void): Promise<OpenedDatabase> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    log(`Starting embedded PostgreSQL, data in ${config.embeddedPostgresDir}`);
    const verbose = config.logLevel === "debug" || config.logLevel === "trace";
    embedded = await startEmbeddedPostgres(config.embeddedPostgresDir, verbose ? log : undefined, log);
    url = embedded.url;
  }
  const database = connectDatabase(url);
  let downReason: string | undefined;
  embedded?.onUnexpectedExit((reason) => (downReason = reason));
  return {
    database,
    embedded,
    downReason: () => downReason,
    async close() {
      await database.close().catch(() => {});
      if (embedded) await embedded.stop();
    },
  };
}
