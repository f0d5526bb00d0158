/**
 * The workspace's measuring settings: its clearance rules, the lean that suggests a finding and
 * the units its screens show. Everyone in the workspace reads them (measurements follow them);
 * only owners and admins change them, and each change is audited with its before and after.
 */
import {
  canManage,
  workspaceTexts,
  type MeasureSettings,
  type MeasureSettingsUpdate,
} from "@poleatlas/shared";
import { forbidden } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { Actor } from "../workspaces/actor";
import type { MeasureSettingsRepository } from "./measure-settings.repository";

export function createMeasureSettingsService(deps: {
  repository: MeasureSettingsRepository;
  audit: AuditLog;
}) {
  const { repository, audit } = deps;
  return {
    get: (actor: Actor): Promise<MeasureSettings> => repository.get(actor.workspaceId),

    /** What a measurement in this workspace is checked against. */
    of: (workspaceId: string): Promise<MeasureSettings> => repository.get(workspaceId),

    async update(actor: Actor, change: MeasureSettingsUpdate): Promise<MeasureSettings> {
      if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
      return repository.transaction(async (tx) => {
        const before = await repository.get(actor.workspaceId, tx);
        const after = { ...before, ...change };
        await repository.put(tx, actor.workspaceId, after);
        await audit(
          actor,
          {
            action: "settings.update",
            targetType: "workspace",
            targetId: actor.workspaceId,
            details: { before, after },
          },
          tx,
        );
        return after;
      });
    },
  };
}

export type MeasureSettingsService = ReturnType<typeof createMeasureSettingsService>;
