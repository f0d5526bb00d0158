import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { clearWorkspaceData } from "../../../lib/offline/user-data";
import { setTabWorkspace } from "../../../lib/tab-workspace";
import { sessionQueryKey } from "../../auth";
import { createTeam, setActiveWorkspace } from "./team-calls";

/** The session and an invitation belong to the user, not to a workspace. */
const SAME_IN_EVERY_WORKSPACE = new Set<unknown>([sessionQueryKey[0], "invitation"]);

/**
 * Everything a screen holds (regions, photos, poles, usage, workspaces) belongs to the workspace it
 * was read in: after a switch all of it is dropped and read again, and the map starts at the
 * overview. The session stays, so the screen does not flash 'Loading...'.
 */
function useAfterSwitch() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // This tab takes the session's new active workspace (read again with the workspaces below);
    // other tabs keep theirs.
    setTabWorkspace(null);
    await clearWorkspaceData();
    // The map first: the screen left behind (an invitation) must not read again in the new one.
    await navigate("/map");
    await queryClient.resetQueries({ predicate: (q) => !SAME_IN_EVERY_WORKSPACE.has(q.queryKey[0]) });
  };
}

export function useSwitchWorkspace() {
  const after = useAfterSwitch();
  return useMutation({
    mutationFn: async (teamId: string | null) => {
      await setActiveWorkspace(teamId);
      await after();
    },
  });
}

export function useCreateTeam() {
  const after = useAfterSwitch();
  return useMutation({
    mutationFn: async (name: string) => {
      const id = await createTeam(name);
      await setActiveWorkspace(id);
      await after();
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
