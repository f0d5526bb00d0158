/**
 * Query keys of the admin page. Everything but the workspaces list is keyed by the team, so a
 * switch of the active workspace never shows one team's members under another's name.
 */
export const adminKeys = {
  /** GET /api/workspaces: the same key a workspace switch refreshes. */
  workspaces: ["workspaces"] as const,
  team: (teamId: string) => ["admin", teamId] as const,
  members: (teamId: string) => ["admin", teamId, "members"] as const,
  memberIds: (teamId: string) => ["admin", teamId, "member-ids"] as const,
  invitations: (teamId: string) => ["admin", teamId, "invitations"] as const,
  audit: (teamId: string, action: string) => ["admin", teamId, "audit", action] as const,
};
