import { canManage, type Workspace } from "@poleatlas/shared";

export { useWorkspaces } from "../../workspaces";

/** Whether the page is for this workspace: a team, and the caller its owner or an admin. */
export const administers = (w: Workspace) => w.kind === "team" && canManage(w.role);

/**
 * Whether the caller may change this workspace's settings (face blurring): a team's owners and
 * admins, and a personal workspace's owner, who blurs faces by default like a team does.
 */
export const setsUp = (w: Workspace) => administers(w) || (w.kind === "personal" && w.role === "owner");
