/**
 * The administration contract: storage quotas (a personal workspace's and a team's pool, set by
 * instance administrators; members' caps inside a pool, set by a team's owners and admins) and
 * the audit trail.
 */
import { z } from "zod";
import type { AuditAction } from "./audit";
import { WORKSPACE_ROLES } from "./workspaces";

/** 1 TiB: far above any plausible quota, and exact as a JavaScript number. */
export const MAX_QUOTA_BYTES = 1024 ** 4;

/** PUT /api/admin/users/:userId/quota: a personal workspace's quota (instance administrators). */
export const quotaParamsSchema = z.object({ userId: z.string().min(1).max(200) });
/** PUT /api/admin/teams/:teamId/quota: a team's pool (instance administrators). */
export const teamQuotaParamsSchema = z.object({ teamId: z.string().min(1).max(200) });
export const quotaBodySchema = z.object({
  // At least 1: a quota of 0 would leave the workspace's usage (bytes of a quota) without a share
  // to show. null: back to the default (the spec's 50 MB, or TEAM_QUOTA_BYTES for a team).
  quotaBytes: z.number().int().min(1).max(MAX_QUOTA_BYTES).nullable(),
});
export type QuotaBody = z.infer<typeof quotaBodySchema>;

/** PUT /api/admin/members/:userId/cap: a member's cap inside the active team's pool. */
export const memberCapParamsSchema = z.object({ userId: z.string().min(1).max(200) });
export const memberCapBodySchema = z.object({
  /** null: no cap (the member may use what the pool has left). */
  capBytes: z.number().int().min(1).max(MAX_QUOTA_BYTES).nullable(),
});
export type MemberCapBody = z.infer<typeof memberCapBodySchema>;

/** GET /api/admin/members: the active team's members with what their photos there use, and caps. */
export const memberUsageSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  /** Bytes of this member's photos in this team (not their personal workspace or other teams). */
  used_bytes: z.number().int().nonnegative(),
  /** The member's cap inside the pool; null: none. */
  cap_bytes: z.number().int().positive().nullable(),
});
export type MemberUsage = z.infer<typeof memberUsageSchema>;
export const memberUsageListSchema = z.object({
  members: z.array(memberUsageSchema),
  /** The team's pool: what all its photos use and its quota. */
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type MemberUsageList = z.infer<typeof memberUsageListSchema>;

/** The roles an invitation may carry: a team has one owner, its creator. */
export const INVITE_ROLES = ["admin", "member", "viewer"] as const;

/** The /admin page. */
export const adminTexts = {
  navItem: "Team admin",
  title: (team: string) => `Team admin: ${team}`,
  /** The same page for a personal workspace's owner: its settings only (no members to manage). */
  navItemPersonal: "Workspace settings",
  titlePersonal: "Settings of your personal workspace",
  backToMap: "Back to map",
  loading: "Loading…",
  notAllowed: "Team administration is for the owners and admins of a team.",
  notAllowedPersonal:
    "Your personal workspace has no team to administer. Switch to a team you own or administer.",
  personalNoTeam:
    "Members, invitations and the audit trail belong to teams: switch to a team to manage them.",
  workspacesFailed: "Could not load your workspaces.",
  membersTitle: "Members",
  membersFailed: "Could not load the team's members.",
  member: "Member",
  role: "Role",
  usage: "Storage in this team",
  quota: "Cap (MB)",
  usageOf: (usedMB: number, quotaMB: number) => `${usedMB} MB of ${quotaMB} MB`,
  noCap: "no cap",
  pool: (usedMB: number, quotaMB: number) => `Team storage: ${usedMB} MB of ${quotaMB} MB`,
  poolHelp:
    "The team's storage is set by the instance administrator. A cap limits what one member's photos may take of it here; it never touches their personal workspace or other teams. Leave it empty for no cap.",
  saveQuota: "Save cap",
  save: "Save",
  quotaSaved: (email: string) => `Cap of ${email} saved.`,
  capRemoved: (email: string) => `Cap of ${email} removed.`,
  badQuota: `Enter a whole number of MB from 1 to ${MAX_QUOTA_BYTES / 1024 ** 2}, or leave it empty for no cap.`,
  roleSaved: (email: string, role: string) => `${email} is now ${role}.`,
  remove: "Remove",
  removeTitle: "Remove member",
  removeConfirm: (email: string, team: string) =>
    `Remove ${email} from ${team}? They lose access to the team's photos at once; the photos they uploaded stay with the team.`,
  removed: (email: string) => `${email} was removed from the team.`,
  makeOwnerTitle: "Make owner",
  makeOwnerConfirm: (email: string, team: string) =>
    `Make ${email} an owner of ${team}? An owner can change everyone's role, remove members and make other owners.`,
  makeOwner: "Make owner",
  cancel: "Cancel",
  roleNames: { owner: "Owner", admin: "Admin", member: "Member", viewer: "Viewer" },
  inviteTitle: "Invite by e-mail",
  email: "E-mail",
  invite: "Invite",
  invited: (email: string) => `Invitation sent to ${email}.`,
  invitationsTitle: "Pending invitations",
  invitationsFailed: "Could not load the invitations.",
  noInvitations: "No pending invitations.",
  expires: (date: string) => `expires ${date}`,
  resend: "Resend",
  resent: (email: string) => `Invitation sent again to ${email}.`,
  cancelInvitation: "Cancel invitation",
  cancelled: (email: string) => `Invitation to ${email} cancelled.`,
  auditTitle: "Audit trail",
  auditFailed: "Could not load the audit trail.",
  auditEmpty: "No entries.",
  actionFilter: "Action",
  allActions: "All actions",
  when: "When",
  who: "Who",
  action: "Action",
  target: "Target",
  details: "Details",
  thisWorkspace: "this workspace",
  poleNamed: (label: string) => `pole ${label}`,
  poleAt: (latitude: number, longitude: number) =>
    `pole without tag at ${latitude.toFixed(5)}, ${longitude.toFixed(5)}`,
  photoNamed: (name: string) => `photo ${name}`,
  teamNamed: (name: string) => `team ${name}`,
  findingNamed: (code: string, level: number, pole: string) => `finding ${code} (Level ${level}) on ${pole}`,
  someone: "someone",
  photoMoved: "Photo moved to another pole",
  photoPlaced: "Photo placed",
  photoRated: "Photo rated",
  ratingCleared: "Rating cleared",
  notesEdited: "Notes edited",
  personFilter: "Person",
  everyone: "Everyone",
  fromDay: "From",
  toDay: "To",
  exportCsv: "Export CSV",
  loadMore: "Load more",
  actionNames: {
    "image.upload": "Photo uploaded",
    "image.delete": "Photo deleted",
    "image.update": "Photo edited",
    "pole.update": "Pole edited",
    "pole.import": "Poles imported",
    "member.invite": "Member invited",
    "member.join": "Invitation accepted",
    "member.decline": "Invitation declined",
    "member.uninvite": "Invitation cancelled",
    "member.role": "Role changed",
    "member.remove": "Member removed",
    "quota.set": "Quota set",
    "quota.cap": "Member cap set",
    "export.download": "Data exported",
    "finding.create": "Finding added",
    "finding.update": "Finding edited",
    "finding.resolve": "Finding resolved",
    "finding.assign": "Finding assigned or moved a step",
    "finding.extend": "Finding's due date extended",
    "visit.record": "Inspection visit recorded",
    "visit.import": "Inspection history imported",
    "team.create": "Team created",
    "image.blur": "Photo blurred by hand",
    "settings.update": "Workspace settings changed",
    "apikey.create": "API key created",
    "apikey.revoke": "API key revoked",
    "measurement.create": "Heights measured on a photo",
    "measurement.delete": "Measurement deleted",
    "pole.lean": "Pole lean measured",
    "pole.merge": "Pole merged into a register pole",
    "attachment.create": "Attachment added to a pole",
    "attachment.update": "Attachment edited",
    "attachment.delete": "Attachment removed",
  } satisfies Record<AuditAction, string>,
  failed: "Something went wrong. Please try again.",
  /** better-auth says "You cannot leave the organization as the only owner", even to an admin. */
  onlyOwner: "The team's only owner cannot be removed or demoted.",
} as const;
