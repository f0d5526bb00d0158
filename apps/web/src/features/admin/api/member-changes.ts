/** Changes to a team's members: cap (our API), role and removal (better-auth's organization plugin). */
import { BYTES_PER_MB, type WorkspaceRole } from "@poleatlas/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api-client";
import { adminKeys } from "./admin-keys";

const anyAnswer = z.unknown();

/** PUT /api/admin/members/:userId/cap with the cap in bytes, null for none (answers 204). */
export async function setCap(userId: string, capMB: number | null): Promise<void> {
  await apiClient.put(
    `/api/admin/members/${encodeURIComponent(userId)}/cap`,
    { capBytes: capMB === null ? null : capMB * BYTES_PER_MB },
    anyAnswer,
  );
}

export async function updateMemberRole(teamId: string, memberId: string, role: WorkspaceRole): Promise<void> {
  await apiClient.post(
    "/api/auth/organization/update-member-role",
    { memberId, role, organizationId: teamId },
    anyAnswer,
  );
}

export async function removeMember(teamId: string, memberIdOrEmail: string): Promise<void> {
  await apiClient.post(
    "/api/auth/organization/remove-member",
    { memberIdOrEmail, organizationId: teamId },
    anyAnswer,
  );
}

/** After any change the members and the trail (which records it) are read again. */
function useTeamMutation<V>(teamId: string, fn: (v: V) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.team(teamId) }),
  });
}

export const useSetCap = (teamId: string) =>
  useTeamMutation(teamId, ({ userId, capMB }: { userId: string; capMB: number | null }) =>
    setCap(userId, capMB),
  );

export const useUpdateMemberRole = (teamId: string) =>
  useTeamMutation(teamId, ({ memberId, role }: { memberId: string; role: WorkspaceRole }) =>
    updateMemberRole(teamId, memberId, role),
  );

export const useRemoveMember = (teamId: string) =>
  useTeamMutation(teamId, (memberIdOrEmail: string) => removeMember(teamId, memberIdOrEmail));
