/**
 * Workspaces and roles: what a member of a team may do, in one place for the server's
 * checks and the screens that hide what a role cannot use.
 */
import { z } from "zod";

/** The screen an invitation mail links to: `/accept-invitation/<id>`. */
export const ACCEPT_INVITATION_PATH = "/accept-invitation";

/**
 * GET /api/invitations/:id/team: the team a pending invitation is for, told to whoever holds its
 * link (the mail names it too), signed in or not; a spent, expired or unknown one is a 404.
 */
export const invitationTeamParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const invitationTeamSchema = z.object({ teamName: z.string() });
export type InvitationTeam = z.infer<typeof invitationTeamSchema>;

export const WORKSPACE_ROLES = ["owner", "admin", "member", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Upload, rate, label and move photos. */
export const canEdit = (role: WorkspaceRole) => role !== "viewer";
/** Delete any photo of the workspace (a member deletes only what they uploaded). */
export const canDeleteAny = (role: WorkspaceRole) => role === "owner" || role === "admin";
/** Invite, change roles, remove members, set quotas, read the audit trail. */
export const canManage = canDeleteAny;

/**
 * better-auth stores a member's roles as one comma-separated string; the strongest one counts.
 * Unknown names count for nothing, so a stray value can never grant more than viewer.
 */
export function strongestRole(stored: string): WorkspaceRole {
  const names = stored.split(",").map((r) => r.trim());
  return WORKSPACE_ROLES.find((role) => names.includes(role)) ?? "viewer";
}

export const workspaceSchema = z.object({
  /** The user's own id for the personal workspace, the organization's id for a team. */
  id: z.string(),
  kind: z.enum(["personal", "team"]),
  name: z.string(),
  role: z.enum(WORKSPACE_ROLES),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspacesResponseSchema = z.object({
  active: workspaceSchema,
  workspaces: z.array(workspaceSchema),
});
export type WorkspacesResponse = z.infer<typeof workspacesResponseSchema>;

/** The longest team name; it is shown in the sidebar's switcher and in invitation mails. */
export const TEAM_NAME_MAX_LENGTH = 64;

/**
 * A team's slug (better-auth keeps one per organization; the export's file name carries it):
 * lower-case letters, digits and hyphens, as teamSlug() makes them.
 */
export const TEAM_SLUG_PATTERN = /^[a-z0-9-]{2,48}$/;

/** The teams one account may belong to (created or joined): teams cannot be deleted. */
export const TEAMS_PER_USER = 50;

/**
 * A team name as stored: control characters, line breaks and bidi controls (which would make a
 * mail read backwards) become spaces, runs of spaces one, no spaces at the ends. Joiners (ZWJ,
 * ZWNJ) stay: Persian names and joined emoji need them.
 */
export const normalizeTeamName = (name: string): string =>
  name
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u200E\u200F\u202A-\u202E\u2066-\u2069]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

export const workspaceTexts = {
  personal: "Personal",
  createTeam: "Create team",
  teamName: "Team name",
  create: "Create",
  cancel: "Cancel",
  workspace: "Workspace",
  forbidden: "You do not have permission to do this.",
  notYourPhoto: "Members can delete only the photos they uploaded.",
  invitationTitle: "Team invitation",
  accept: "Accept",
  decline: "Decline",
  invitationUnknown: "This invitation is not valid any more. Ask for a new one.",
  /** Accepting or declining needs a confirmed address, whatever REQUIRE_EMAIL_VERIFICATION says. */
  confirmBeforeAccept:
    "Confirm your e-mail address first (use the link in the confirmation mail), then accept the invitation.",
  invitationSignedOut:
    "Sign in (or sign up) with the address this invitation was sent to, then accept it here.",
  /** The signed-out visitor's line above invitationSignedOut, when the link is still valid. */
  invitationToTeam: (team: string) => `You are invited to join ${team}.`,
  signInToAccept: "Sign in to accept",
  invitationText: (inviter: string, team: string, role: string) =>
    `${inviter} invited you to join ${team} as ${role}.`,
  invitationDeclined: "Invitation declined.",
  /** The invitation e-mail names the role it gives. */
  inviteRoleLine: (role: string) => `You are invited as ${role}.`,
  goToMap: "Go to the map",
  switchFailed: "Could not switch workspace. Try again.",
  teamNameRequired: "Enter a team name.",
  teamNameTooLong: `A team name has at most ${TEAM_NAME_MAX_LENGTH} characters.`,
  teamSlugInvalid: "A team's slug is 2 to 48 lower-case letters, digits and hyphens.",
  teamMetadataRefused: "Teams take no metadata.",
  tooManyTeams: `An account can belong to at most ${TEAMS_PER_USER} teams.`,
  roleNames: { owner: "Owner", admin: "Admin", member: "Member", viewer: "Viewer" },
  uploadedBy: "Uploaded by",
  ratedBy: "Rated by",
  /** A queued photo sent while another account or workspace is active (409 wrong_workspace). */
  keptForOther: "This photo was kept for another account or workspace. It is sent when that one is active.",
} as const;

/** Where to go after signing in: only a path on this site (never `//host` or a full URL). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  return next;
}

/** A team's unique slug for better-auth: its name in lower-case words and a random tail. */
export function teamSlug(name: string, random: string): string {
  const words = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${words || "team"}-${random}`;
}
