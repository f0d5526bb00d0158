/** The SQL of a locate: the photos a pole's record offers, and the pole's move to the estimate. */
import { sql } from "drizzle-orm";
import { LOCATE_CANDIDATE_RADIUS_M, MAX_LOCATE_CANDIDATES, type PhotoOptics } from "@poleatlas/shared";
import type { Db, Executor } from "../../../infra/db/database";
import { COLUMNS, type ImageRow } from "../../photos/images.repository";

/** Metres per degree of latitude on the sphere utility_pole_distance uses. */
const METRES_PER_DEGREE = 111194.9;

export type CandidateRow = ImageRow & { distance_m: number | null };

export function createLocateRepository(db: Db) {
  return {
    /**
     * The pole's photos and the workspace's others within the candidate radius of it, nearest
     * first. The latitude band lets the photos' region index narrow the search before the distance.
     */
    async candidates(
      workspaceId: string,
      pole: { id: string; latitude: number; longitude: number },
    ): Promise<CandidateRow[]> {
      const band = LOCATE_CANDIDATE_RADIUS_M / METRES_PER_DEGREE + 1e-9;
      const distance = sql`utility_pole_distance(i.latitude, i.longitude, ${pole.latitude}::float8, ${pole.longitude}::float8)`;
      const { rows } = await db.execute(
        sql`SELECT * FROM (
              SELECT ${COLUMNS}, ${distance} AS distance_m FROM utility_pole_images i
              WHERE i.workspace_id = ${workspaceId}
                AND (i.pole_id = ${pole.id}::uuid
                  OR (i.latitude BETWEEN ${pole.latitude - band}::float8 AND ${pole.latitude + band}::float8
                      AND ${distance} <= ${LOCATE_CANDIDATE_RADIUS_M}::float8))
            ) c
            ORDER BY c.distance_m NULLS LAST, c.id
            LIMIT ${MAX_LOCATE_CANDIDATES}`,
      );
      return rows as unknown as CandidateRow[];
    },

    /**
     * Keeps the lens data read from an older photo's file, so it is read once. Not an edit: the
     * photo's version stays (it is what the file always said).
     */
    async keepOptics(imageId: string, optics: PhotoOptics): Promise<void> {
      await db.execute(
        sql`UPDATE utility_pole_images SET metadata = jsonb_set(metadata, '{optics}', ${JSON.stringify(optics)}::jsonb)
            WHERE id = ${imageId}::uuid AND NOT metadata ? 'optics'`,
      );
    },

    /** Moves the pole; false when it is gone. A new version, as any edit of the pole. */
    async move(
      tx: Executor,
      workspaceId: string,
      poleId: string,
      to: { latitude: number; longitude: number },
      userId: string,
    ): Promise<boolean> {
      const res = await tx.execute(
        sql`UPDATE utility_poles SET latitude = ${to.latitude}, longitude = ${to.longitude},
              position_source = 'bearings', version = version + 1, updated_at = now(), updated_by = ${userId}
            WHERE id = ${poleId}::uuid AND workspace_id = ${workspaceId}`,
      );
      return (res.rowCount ?? 0) > 0;
    },
  };
}

export type LocateRepository = ReturnType<typeof createLocateRepository>;
