/**
 * A workspace's inspection programme: its code list, the days allowed per level, the cycle, the
 * inspection types with their cycles. Anyone in the workspace reads it; owners and admins of a
 * team change it; a personal workspace always uses the defaults (its types: those it was given
 * when visits began to be recorded, if any).
 */
import {
  canManage,
  DEFAULT_INSPECTION_SETTINGS,
  inspectionTexts,
  visitTexts,
  workspaceTexts,
  type InspectionSettings,
} from "@poleatlas/shared";
import { badRequest, forbidden } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { ImagesRepository } from "../photos/images.repository";
import type { Actor } from "../workspaces/actor";
import type { InspectionsRepository } from "./inspections.repository";
import type { VisitsRepository } from "./visits.repository";

const isPersonal = (actor: Actor) => actor.workspaceId === actor.userId;

export function createSettingsService(deps: {
  repository: InspectionsRepository;
  visits: VisitsRepository;
  images: ImagesRepository;
  audit: AuditLog;
}) {
  const { repository, visits, images, audit } = deps;

  async function typesOf(workspaceId: string) {
    return (await visits.types(workspaceId)) ?? DEFAULT_INSPECTION_SETTINGS.inspectionTypes;
  }

  /** The settings in force in a workspace (the defaults where none are stored). */
  async function of(workspaceId: string): Promise<InspectionSettings> {
    const [stored, inspectionTypes] = await Promise.all([
      repository.settings(workspaceId),
      typesOf(workspaceId),
    ]);
    return { ...(stored ?? DEFAULT_INSPECTION_SETTINGS), inspectionTypes };
  }

  return {
    of,

    get: async (actor: Actor): Promise<InspectionSettings> =>
      isPersonal(actor)
        ? { ...DEFAULT_INSPECTION_SETTINGS, inspectionTypes: await typesOf(actor.workspaceId) }
        : of(actor.workspaceId),

    async put(actor: Actor, next: InspectionSettings): Promise<InspectionSettings> {
      if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
      if (isPersonal(actor)) throw forbidden(inspectionTexts.personalDefaults);
      const before = await of(actor.workspaceId);
      // A type with visits stays: without it, its visits would have no cycle to fall due by.
      const kept = new Set(next.inspectionTypes.map((t) => t.code));
      const dropped = before.inspectionTypes.map((t) => t.code).filter((c) => !kept.has(c));
      const inUse = await visits.typesInUse(actor.workspaceId, dropped);
      if (inUse.length > 0)
        throw badRequest(visitTexts.typesInUse(inUse.join(", ")), "inspection_type_in_use");
      // Under the workspace's lock, as findings are written: a finding's due date is computed from
      // one version of the allowances.
      await images.withLocks([actor.workspaceId], async (tx) => {
        await repository.saveSettings(tx, actor.workspaceId, next);
        await visits.saveTypes(tx, actor.workspaceId, next.inspectionTypes);
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
