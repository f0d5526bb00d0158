import { workspacesResponseSchema, type WorkspacesResponse } from "@poleatlas/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export const workspaceKeys = { all: ["workspaces"] as const };

export async function getWorkspaces(signal?: AbortSignal): Promise<WorkspacesResponse> {
  return apiClient.get("/api/workspaces", workspacesResponseSchema, { signal });
}

export const workspacesQueryOptions = queryOptions({
  queryKey: workspaceKeys.all,
  queryFn: ({ signal }) => getWorkspaces(signal),
});

/** The caller's workspaces and the active one (the session's team, or their own). */
export function useWorkspaces() {
  return useQuery(workspacesQueryOptions);
}
