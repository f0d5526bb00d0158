/** The workspace_settings row's privacy part (drizzle/0021); no row is every default. */
import { sql } from "drizzle-orm";
import type { PrivacySettings } from "@poleatlas/shared";
import type { Db, Executor } from "../../infra/db/database";

/** What a workspace without a settings row has. */
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = { blurFaces: true };

export function createPrivacySettingsRepository(db: Db) {
  return {
    async get(workspaceId: string, tx: Executor = db): Promise<PrivacySettings> {
      const { rows } = await tx.execute(
        sql`SELECT blur_faces FROM workspace_settings WHERE workspace_id = ${workspaceId}`,
      );
      const row = rows[0] as { blur_faces: boolean } | undefined;
      return row ? { blurFaces: row.blur_faces } : { ...DEFAULT_PRIVACY_SETTINGS };
    },

    async setBlurFaces(tx: Executor, workspaceId: string, blurFaces: boolean): Promise<void> {
      await tx.execute(
        sql`INSERT INTO workspace_settings (workspace_id, blur_faces) VALUES (${workspaceId}, ${blurFaces})
            ON CONFLICT (workspace_id) DO UPDATE SET blur_faces = EXCLUDED.blur_faces, updated_at = now()`,
      );
    },

    transaction: <T>(fn: (tx: Executor) => Promise<T>): Promise<T> => db.transaction(fn),
  };
}

export type PrivacySettingsRepository = ReturnType<typeof createPrivacySettingsRepository>;
