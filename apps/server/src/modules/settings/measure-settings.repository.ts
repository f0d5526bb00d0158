/** The workspace_settings row's measuring part (drizzle/0033); a null column is its default. */
import { sql } from "drizzle-orm";
import {
  clearanceRuleSchema,
  DEFAULT_MEASURE_SETTINGS,
  LENGTH_UNITS,
  type LengthUnits,
  type MeasureSettings,
} from "@poleatlas/shared";
import type { Db, Executor } from "../../infra/db/database";

interface Row {
  clearance_rules: unknown;
  lean_threshold_deg: number | null;
  length_units: string | null;
}

function fromRow(row: Row | undefined): MeasureSettings {
  const rules = clearanceRuleSchema.array().safeParse(row?.clearance_rules);
  const units = LENGTH_UNITS.find((u) => u === row?.length_units);
  return {
    clearanceRules: rules.success
      ? rules.data
      : DEFAULT_MEASURE_SETTINGS.clearanceRules.map((r) => ({ ...r })),
    leanThresholdDeg: row?.lean_threshold_deg ?? DEFAULT_MEASURE_SETTINGS.leanThresholdDeg,
    units: units ?? DEFAULT_MEASURE_SETTINGS.units,
  };
}

export function createMeasureSettingsRepository(db: Db) {
  return {
    async get(workspaceId: string, tx: Executor = db): Promise<MeasureSettings> {
      const { rows } = await tx.execute(
        sql`SELECT clearance_rules, lean_threshold_deg, length_units FROM workspace_settings
            WHERE workspace_id = ${workspaceId}`,
      );
      return fromRow(rows[0] as Row | undefined);
    },

    async put(tx: Executor, workspaceId: string, s: MeasureSettings): Promise<void> {
      const rules = JSON.stringify(s.clearanceRules);
      const units: LengthUnits = s.units;
      await tx.execute(
        sql`INSERT INTO workspace_settings (workspace_id, clearance_rules, lean_threshold_deg, length_units)
            VALUES (${workspaceId}, ${rules}::jsonb, ${s.leanThresholdDeg}, ${units})
            ON CONFLICT (workspace_id) DO UPDATE SET clearance_rules = EXCLUDED.clearance_rules,
              lean_threshold_deg = EXCLUDED.lean_threshold_deg, length_units = EXCLUDED.length_units,
              updated_at = now()`,
      );
    },

    transaction: <T>(fn: (tx: Executor) => Promise<T>): Promise<T> => db.transaction(fn),
  };
}

export type MeasureSettingsRepository = ReturnType<typeof createMeasureSettingsRepository>;
