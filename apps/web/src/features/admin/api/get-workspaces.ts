import { canManage, type Workspace } from "@poleatlas/shared";

export { useWorkspaces } from "../../workspaces";

/** Whether the page is for this workspace: a team, and the caller its owner or an admin. */
export const administers = (w: Workspace) => w.kind === "team" && canManage(w.role);
