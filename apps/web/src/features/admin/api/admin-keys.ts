/**
 * Query keys of the admin page, all keyed by the team, so a switch of the active workspace never
 * shows one team's members under another's name.
 */
export const adminKeys = {
  team: (teamId: string) => ["admin", teamId] as const,
  members: (teamId: string) => ["admin", teamId, "members"] as const,
  memberIds: (teamId: string) => ["admin", teamId, "member-ids"] as const,
  invitations: (teamId: string) => ["admin", teamId, "invitations"] as const,
  audit: (teamId: string, action: string) => ["admin", teamId, "audit", action] as const,
};
