/** Every SQL statement about measurements and a pole's kept lean. */
import { sql, type SQL } from "drizzle-orm";
import type { Measurement, MeasurementCreate, PoleLean, Suggestion } from "@poleatlas/shared";
import type { Db, Executor } from "../../infra/db/database";

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const { rows: found } = await db.execute(query);
  return found as T[];
}

const ISO = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const COLUMNS = sql`m.id, m.pole_id, m.image_id, ${ISO("m.created_at")} AS created_at, u.email AS created_by,
  m.points, m.suggestions, m.reference, m.verticals`;
const FROM = sql`utility_pole_measurements m LEFT JOIN "user" u ON u.id = m.created_by`;

export interface NewMeasurement {
  workspaceId: string;
  poleId: string;
  imageId: string;
  createdBy: string;
  reference: MeasurementCreate["reference"];
  verticals: MeasurementCreate["verticals"] | null;
  points: Measurement["points"];
  suggestions: Suggestion[];
}

export function createMeasurementsRepository(db: Db) {
  const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
  return {
    async insert(tx: Executor, m: NewMeasurement): Promise<Measurement> {
      const [row] = await rows<Measurement>(
        tx,
        sql`WITH m AS (
              INSERT INTO utility_pole_measurements
                (workspace_id, pole_id, image_id, created_by, reference, verticals, points, suggestions)
              VALUES (${m.workspaceId}, ${m.poleId}::uuid, ${m.imageId}::uuid, ${m.createdBy}, ${json(m.reference)},
                ${m.verticals ? json(m.verticals) : null}, ${json(m.points)}, ${json(m.suggestions)})
              RETURNING *)
            SELECT ${COLUMNS} FROM m LEFT JOIN "user" u ON u.id = m.created_by`,
      );
      return row!;
    },

    /** A pole's measurements, newest first. */
    ofPole(poleId: string): Promise<Measurement[]> {
      return rows<Measurement>(
        db,
        sql`SELECT ${COLUMNS} FROM ${FROM} WHERE m.pole_id = ${poleId}::uuid ORDER BY m.created_at DESC, m.id DESC`,
      );
    },

    async findOwned(workspaceId: string, id: string, tx: Executor = db): Promise<Measurement | null> {
      const [row] = await rows<Measurement>(
        tx,
        sql`SELECT ${COLUMNS} FROM ${FROM} WHERE m.id = ${id}::uuid AND m.workspace_id = ${workspaceId}`,
      );
      return row ?? null;
    },

    async remove(tx: Executor, id: string): Promise<void> {
      await tx.execute(sql`DELETE FROM utility_pole_measurements WHERE id = ${id}::uuid`);
    },

    async setLean(tx: Executor, poleId: string, lean: Omit<PoleLean, "measured_at">): Promise<PoleLean> {
      const [row] = await rows<PoleLean>(
        tx,
        sql`UPDATE utility_poles SET lean_deg = ${lean.degrees}, lean_toward_deg = ${lean.toward_deg},
              lean_apparent = ${lean.apparent}, lean_measured_at = now()
            WHERE id = ${poleId}::uuid
            RETURNING lean_deg AS degrees, lean_toward_deg AS toward_deg, lean_apparent AS apparent,
              ${ISO("lean_measured_at")} AS measured_at`,
      );
      return row!;
    },

    async leanOf(poleId: string): Promise<PoleLean | null> {
      const [row] = await rows<PoleLean>(
        db,
        sql`SELECT lean_deg AS degrees, lean_toward_deg AS toward_deg, lean_apparent AS apparent,
              ${ISO("lean_measured_at")} AS measured_at
            FROM utility_poles WHERE id = ${poleId}::uuid AND lean_deg IS NOT NULL`,
      );
      return row ?? null;
    },

    transaction: <T>(fn: (tx: Executor) => Promise<T>): Promise<T> => db.transaction(fn),
  };
}

export type MeasurementsRepository = ReturnType<typeof createMeasurementsRepository>;
