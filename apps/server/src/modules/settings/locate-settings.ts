/**
 * The workspace's stated GPS and compass errors (workspace_settings, drizzle/0032): what a pole's
 * location from bearings is judged by. Everyone reads them; owners and admins change them, audited.
 */
import { sql } from "drizzle-orm";
import {
  canManage,
  DEFAULT_COMPASS_ERROR_DEG,
  DEFAULT_GPS_ERROR_M,
  workspaceTexts,
  type LocateSettings,
  type LocateSettingsUpdate,
} from "@poleatlas/shared";
import { forbidden } from "../../errors";
import type { Db, Executor } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { Actor } from "../workspaces/actor";

const DEFAULTS: LocateSettings = {
  locateGpsErrorM: DEFAULT_GPS_ERROR_M,
  locateCompassErrorDeg: DEFAULT_COMPASS_ERROR_DEG,
};

export function createLocateSettings(deps: { db: Db; audit: AuditLog }) {
  const { db, audit } = deps;

  async function get(workspaceId: string, tx: Executor = db): Promise<LocateSettings> {
    const { rows } = await tx.execute(
      sql`SELECT locate_gps_error_m, locate_compass_error_deg FROM workspace_settings
          WHERE workspace_id = ${workspaceId}`,
    );
    const row = rows[0] as { locate_gps_error_m: number; locate_compass_error_deg: number } | undefined;
    if (!row) return { ...DEFAULTS };
    return { locateGpsErrorM: row.locate_gps_error_m, locateCompassErrorDeg: row.locate_compass_error_deg };
  }

  return {
    get: (actor: Actor) => get(actor.workspaceId),

    /** In the form the locate's geometry takes them. */
    statedErrors: async (workspaceId: string) => {
      const s = await get(workspaceId);
      return { gpsM: s.locateGpsErrorM, compassDeg: s.locateCompassErrorDeg };
    },

    async update(actor: Actor, change: LocateSettingsUpdate): Promise<void> {
      if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
      await db.transaction(async (tx) => {
        const before = await get(actor.workspaceId, tx);
        const after = { ...before, ...change };
        if (
          after.locateGpsErrorM === before.locateGpsErrorM &&
          after.locateCompassErrorDeg === before.locateCompassErrorDeg
        )
          return;
        await tx.execute(
          sql`INSERT INTO workspace_settings (workspace_id, locate_gps_error_m, locate_compass_error_deg)
              VALUES (${actor.workspaceId}, ${after.locateGpsErrorM}, ${after.locateCompassErrorDeg})
              ON CONFLICT (workspace_id) DO UPDATE SET locate_gps_error_m = EXCLUDED.locate_gps_error_m,
                locate_compass_error_deg = EXCLUDED.locate_compass_error_deg, updated_at = now()`,
        );
        const details = { before, after };
        await audit(
          actor,
          { action: "settings.update", targetType: "workspace", targetId: actor.workspaceId, details },
          tx,
        );
      });
    },
  };
}

export type LocateSettingsService = ReturnType<typeof createLocateSettings>;
