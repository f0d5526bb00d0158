/**
 * Locating a pole from its photos' bearings: the photos that may show it (GET
 * /api/poles/:id/locate/candidates), the estimate for the marks made so far (POST
 * /api/poles/:id/locate), and moving the pole there (the same POST with `apply: true`).
 */
import {
  locateCandidatesSchema,
  locateResponseSchema,
  type LocateCandidate,
  type LocateEstimate,
  type LocateMark,
} from "@poleatlas/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { refreshPoles } from "./pole-cache";
import { poleKeys } from "./pole-keys";

const locatePath = (poleId: string) => `/api/poles/${encodeURIComponent(poleId)}/locate`;

export async function getLocateCandidates(poleId: string, signal?: AbortSignal): Promise<LocateCandidate[]> {
  return (await apiClient.get(`${locatePath(poleId)}/candidates`, locateCandidatesSchema, { signal })).photos;
}

export async function postLocate(
  poleId: string,
  marks: readonly LocateMark[],
  apply: boolean,
  signal?: AbortSignal,
): Promise<LocateEstimate> {
  const body = { marks, apply };
  return (await apiClient.post(locatePath(poleId), body, locateResponseSchema, { signal })).estimate;
}

/** The candidates of a pole; asked only while `enabled` (the record shows the pole). */
export function useLocateCandidates(poleId: string, enabled = true) {
  return useQuery({
    queryKey: [...poleKeys.all, "locate-candidates", poleId],
    queryFn: ({ signal }) => getLocateCandidates(poleId, signal),
    enabled,
    staleTime: 30_000,
  });
}

/** The estimate for these marks (none asked below two); the last one stays shown while the next loads. */
export function useLocateEstimate(poleId: string, marks: readonly LocateMark[]) {
  return useQuery({
    // Outside the poles' keys: a change elsewhere must not ask for estimates again.
    queryKey: ["pole-locate", poleId, marks],
    queryFn: ({ signal }) => postLocate(poleId, marks, false, signal),
    enabled: marks.length >= 2,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Moves the pole to the estimate; the record, its markers and history are asked again. */
export function useApplyLocate(poleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marks: readonly LocateMark[]) => postLocate(poleId, marks, true),
    onSuccess: () =>
      Promise.all([
        refreshPoles(queryClient),
        // A register's pole may have no photos of its own: refreshPoles passes over an empty timeline.
        queryClient.invalidateQueries({ queryKey: poleKeys.one(poleId) }),
        queryClient.invalidateQueries({ queryKey: [...poleKeys.all, "history", poleId] }),
      ]),
  });
}
