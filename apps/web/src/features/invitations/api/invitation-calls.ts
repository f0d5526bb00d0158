/** An invitation to a team, through better-auth's organization endpoints. */
import { z } from "zod";
import { invitationTeamSchema } from "@poleatlas/shared";
import { apiClient } from "../../../lib/api-client";

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  inviterEmail: z.string(),
  status: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

const anything = z.unknown();

export async function getInvitation(id: string, signal?: AbortSignal): Promise<Invitation> {
  const url = `/api/auth/organization/get-invitation?id=${encodeURIComponent(id)}`;
  return apiClient.get(url, invitationSchema, { signal });
}

export async function acceptInvitation(invitationId: string): Promise<void> {
  await apiClient.post("/api/auth/organization/accept-invitation", { invitationId }, anything);
}

export async function rejectInvitation(invitationId: string): Promise<void> {
  await apiClient.post("/api/auth/organization/reject-invitation", { invitationId }, anything);
}

/** The team a pending invitation is for; asked also while signed out (the link is the key). */
export async function getInvitationTeam(id: string, signal?: AbortSignal): Promise<string> {
  const url = `/api/invitations/${encodeURIComponent(id)}/team`;
  return (await apiClient.get(url, invitationTeamSchema, { signal })).teamName;
}
