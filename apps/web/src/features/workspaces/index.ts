/** What the rest of the web app may use from workspaces (teams). */
export { useWorkspaces, workspaceKeys, workspacesQueryOptions } from "./api/workspaces";
export { useEnterTeam } from "./api/use-switch-workspace";
export { setActiveWorkspace } from "./api/team-calls";
export { WorkspaceSwitcher } from "./components/workspace-switcher";
export { usePermissions } from "./api/use-permissions";
export { EmptyWorkspaceGuide } from "./components/empty-workspace";
