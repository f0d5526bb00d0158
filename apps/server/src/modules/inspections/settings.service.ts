/**
 * A workspace's inspection programme: its code list, the days allowed per level, the cycle.
 * Anyone in the workspace reads it; owners and admins of a team change it; a personal workspace
 * always uses the defaults.
 */
import {
  canManage,
  DEFAULT_INSPECTION_SETTINGS,
  inspectionTexts,
  workspaceTexts,
  type InspectionSettings,
} from "@poleatlas/shared";
import { forbidden } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { ImagesRepository } from "../photos/images.repository";
import type { Actor } from "../workspaces/actor";
import type { InspectionsRepository } from "./inspections.repository";

const isPersonal = (actor: Actor) => actor.workspaceId === actor.userId;

export function createSettingsService(deps: {
  repository: InspectionsRepository;
  images: ImagesRepository;
  audit: AuditLog;
}) {
  const { repository, images, audit } = deps;

  /** The settings in force in a workspace (the defaults where none are stored). */
  async function of(workspaceId: string): Promise<InspectionSettings> {
    return (await repository.settings(workspaceId)) ?? DEFAULT_INSPECTION_SETTINGS;
  }

  return {
    of,

    get: (actor: Actor) => (isPersonal(actor) ? DEFAULT_INSPECTION_SETTINGS : of(actor.workspaceId)),

    async put(actor: Actor, next: InspectionSettings): Promise<InspectionSettings> {
      if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
      if (isPersonal(actor)) throw forbidden(inspectionTexts.personalDefaults);
      const before = await of(actor.workspaceId);
      // Under the workspace's lock, as findings are written: a finding's due date is computed from
      // one version of the allowances.
      await images.withLocks([actor.workspaceId], async (tx) => {
        await repository.saveSettings(tx, actor.workspaceId, next);
        const details = { before, after: next };
        await audit(
          actor,
          { action: "settings.update", targetType: "workspace", targetId: actor.workspaceId, details },
          tx,
        );
      });
      return of(actor.workspaceId);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
