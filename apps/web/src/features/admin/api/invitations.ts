/** A team's invitations through better-auth's organization plugin. */
import type { WorkspaceRole } from "@poleatlas/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api-client";
import { adminKeys } from "./admin-keys";

/** What better-auth's list-invitations answers for each invitation (more fields than we read). */
const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.string(),
    status: z.string(),
    expiresAt: z.string(),
  })
  .loose();
export type Invitation = z.infer<typeof invitationSchema>;

export async function getPendingInvitations(teamId: string, signal?: AbortSignal): Promise<Invitation[]> {
  const query = new URLSearchParams({ organizationId: teamId });
  const all = await apiClient.get(
    `/api/auth/organization/list-invitations?${query}`,
    z.array(invitationSchema),
    { signal },
  );
  // Accepted, rejected and cancelled ones stay in the list; expired ones cannot be accepted.
  const now = Date.now();
  return all.filter((i) => i.status === "pending" && Date.parse(i.expiresAt) > now);
}

export function pendingInvitationsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: adminKeys.invitations(teamId),
    queryFn: ({ signal }) => getPendingInvitations(teamId, signal),
  });
}

export function usePendingInvitations(teamId: string) {
  return useQuery(pendingInvitationsQueryOptions(teamId));
}

/**
 * Invites (and, for the same address, re-invites: the server cancels the pending invitation and
 * mails a new one).
 */
export async function inviteMember(teamId: string, email: string, role: WorkspaceRole): Promise<void> {
  await apiClient.post(
    "/api/auth/organization/invite-member",
    { email, role, organizationId: teamId },
    z.unknown(),
  );
}

export async function cancelInvitation(invitationId: string): Promise<void> {
  await apiClient.post("/api/auth/organization/cancel-invitation", { invitationId }, z.unknown());
}

export function useInviteMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: WorkspaceRole }) =>
      inviteMember(teamId, email, role),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.team(teamId) }),
  });
}

export function useCancelInvitation(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.team(teamId) }),
  });
}
