/** Keeps the live-update events table (drizzle/0015) to what a reconnecting screen may ask for. */
import { sql } from "drizzle-orm";
import type { Db } from "../db/database";

/**
 * Deletes events older than `maxAgeMs`, always keeping the newest one: a client whose
 * Last-Event-ID is older than the oldest kept has missed some and is told to read everything, and
 * one newer than the newest is from another database.
 */
export async function pruneEvents(db: Db, maxAgeMs: number): Promise<number> {
  const res = await db.execute(sql`
    DELETE FROM workspace_events
    WHERE created_at < now() - make_interval(secs => ${maxAgeMs / 1000})
      AND id < (SELECT max(id) FROM workspace_events)`);
  return res.rowCount ?? 0;
}
