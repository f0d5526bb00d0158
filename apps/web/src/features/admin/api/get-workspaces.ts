import {
  canManage,
  workspacesResponseSchema,
  type Workspace,
  type WorkspacesResponse,
} from "@poleatlas/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { adminKeys } from "./admin-keys";

export async function getWorkspaces(signal?: AbortSignal): Promise<WorkspacesResponse> {
  return apiClient.get("/api/workspaces", workspacesResponseSchema, { signal });
}

export function workspacesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.workspaces, queryFn: ({ signal }) => getWorkspaces(signal) });
}

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions());
}

/** Whether the page is for this workspace: a team, and the caller its owner or an admin. */
export const administers = (w: Workspace) => w.kind === "team" && canManage(w.role);
