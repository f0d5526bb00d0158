/**
 * The workspace's privacy settings: everyone in the workspace reads them (uploads follow them);
 * only owners and admins change them, and each change is audited.
 */
import {
  canManage,
  workspaceTexts,
  type PrivacySettings,
  type PrivacySettingsUpdate,
} from "@poleatlas/shared";
import { forbidden } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { Actor } from "../workspaces/actor";
import type { PrivacySettingsRepository } from "./privacy-settings.repository";

export function createPrivacySettingsService(deps: {
  repository: PrivacySettingsRepository;
  audit: AuditLog;
}) {
  const { repository, audit } = deps;
  return {
    get: (actor: Actor): Promise<PrivacySettings> => repository.get(actor.workspaceId),

    /** Whether uploads into this workspace are scanned for faces now. */
    blurFaces: async (workspaceId: string): Promise<boolean> => (await repository.get(workspaceId)).blurFaces,

    async update(actor: Actor, change: PrivacySettingsUpdate): Promise<PrivacySettings> {
      if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
      return repository.transaction(async (tx) => {
        const before = await repository.get(actor.workspaceId, tx);
        if (change.blurFaces !== undefined && change.blurFaces !== before.blurFaces) {
          await repository.setBlurFaces(tx, actor.workspaceId, change.blurFaces);
          await audit(
            actor,
            {
              action: "settings.update",
              targetType: "workspace",
              targetId: actor.workspaceId,
              details: { before: { blurFaces: before.blurFaces }, after: { blurFaces: change.blurFaces } },
            },
            tx,
          );
        }
        return repository.get(actor.workspaceId, tx);
      });
    },
  };
}

export type PrivacySettingsService = ReturnType<typeof createPrivacySettingsService>;
