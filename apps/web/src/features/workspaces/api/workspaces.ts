import { workspacesResponseSchema, type WorkspacesResponse } from "@poleatlas/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { setTabWorkspace, tabWorkspace } from "../../../lib/tab-workspace";

export const workspaceKeys = { all: ["workspaces"] as const };

/**
 * The caller's workspaces and the tab's one. A tab that has none yet takes the session's active
 * one from this answer and names it on every request from then on (lib/tab-workspace).
 */
export async function getWorkspaces(signal?: AbortSignal): Promise<WorkspacesResponse> {
  const answer = await apiClient.get("/api/workspaces", workspacesResponseSchema, { signal });
  if (tabWorkspace() === null) setTabWorkspace(answer.active.id);
  return answer;
}

export const workspacesQueryOptions = queryOptions({
  queryKey: workspaceKeys.all,
  queryFn: ({ signal }) => getWorkspaces(signal),
});

/** The caller's workspaces and the active one (this tab's, at first the session's). */
export function useWorkspaces() {
  return useQuery(workspacesQueryOptions);
}
