import { normalizeTeamName, type Workspace, type WorkspacesResponse } from "@poleatlas/shared";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { clearWorkspaceData } from "../../../lib/offline/user-data";
import { setTabWorkspace } from "../../../lib/tab-workspace";
import { sessionQueryKey } from "../../auth";
import { createTeam, setActiveWorkspace } from "./team-calls";
import { workspaceKeys } from "./workspaces";

/** The session and an invitation belong to the user, not to a workspace. */
const SAME_IN_EVERY_WORKSPACE = new Set<unknown>([sessionQueryKey[0], "invitation"]);

/**
 * The picker names the workspace switched to at once, and keeps its list while it is read again:
 * dropping the list would take the picker off the screen until the answer came, and for good if
 * that read failed.
 */
function showActive(queryClient: QueryClient, target: Workspace): void {
  queryClient.setQueryData<WorkspacesResponse>(workspaceKeys.all, (old) =>
    old
      ? {
          active: target,
          workspaces: old.workspaces.some((w) => w.id === target.id)
            ? old.workspaces
            : [...old.workspaces, target],
        }
      : old,
  );
}

/**
 * Everything a screen holds (regions, photos, poles, usage, workspaces) belongs to the workspace it
 * was read in: after a switch all of it is dropped and read again, and the map starts at the
 * overview. The session stays, so the screen does not flash 'Loading...'. With `target` known (a
 * switch from the picker, a team just created) the workspaces list is shown as it will be and read
 * again behind it; without (an invitation accepted) it is dropped and read again like the rest.
 */
function useAfterSwitch() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (target?: Workspace) => {
    // This tab takes the session's new active workspace (read again with the workspaces below);
    // other tabs keep theirs.
    setTabWorkspace(null);
    await clearWorkspaceData();
    // The map first: the screen left behind (an invitation) must not read again in the new one.
    await navigate("/map");
    if (target) showActive(queryClient, target);
    const kept = (key: unknown) =>
      SAME_IN_EVERY_WORKSPACE.has(key) || (target && key === workspaceKeys.all[0]);
    await Promise.all([
      queryClient.resetQueries({ predicate: (q) => !kept(q.queryKey[0]) }),
      target && queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
    ]);
  };
}

export function useSwitchWorkspace() {
  const after = useAfterSwitch();
  return useMutation({
    mutationFn: async (target: Workspace) => {
      await setActiveWorkspace(target.kind === "personal" ? null : target.id);
      await after(target);
    },
  });
}

export function useCreateTeam() {
  const after = useAfterSwitch();
  return useMutation({
    mutationFn: async (name: string) => {
      const id = await createTeam(name);
      await setActiveWorkspace(id);
      await after({ id, kind: "team", name: normalizeTeamName(name), role: "owner" });
      return id;
    },
  });
}

/** Joins a team from an invitation, makes it the active workspace and opens its map. */
export function useEnterTeam() {
  const after = useAfterSwitch();
  return async (teamId: string) => {
    await setActiveWorkspace(teamId);
    await after();
  };
}
