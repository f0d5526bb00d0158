import { canDeleteAny, canEdit, canManage, type ImageRecord } from "@poleatlas/shared";
import { useCallback } from "react";
import { useAuth } from "../../auth";
import { useWorkspaces } from "./workspaces";

/**
 * What the screens offer in the active workspace. The server checks every call; this only hides
 * what would be refused. Until the workspaces answer (or in the personal workspace) everything the
 * spec offers is shown, as the spec's screens have no roles.
 */
export function usePermissions() {
  const active = useWorkspaces().data?.active;
  const { user } = useAuth();
  const role = active?.role ?? "owner";
  const email = user?.email.toLowerCase();
  const canDelete = useCallback(
    (photo: ImageRecord) =>
      canDeleteAny(role) || (canEdit(role) && (photo.uploaded_by === null || photo.uploaded_by === email)),
    [role, email],
  );
  const inTeam = active?.kind === "team";
  // Owners and admins import the pole register; a team's also set its inspection programme (a
  // personal workspace keeps the defaults).
  return {
    inTeam,
    canEdit: canEdit(role),
    canManage: canManage(role),
    canDelete,
    canManageTeam: inTeam && canManage(role),
  };
}
