/** Inspection visits over the API: a pole's list, and recording one. */
import { poleVisitsSchema, visitResponseSchema, type Visit, type VisitCreate } from "@poleatlas/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export const visitKeys = {
  all: ["visits"] as const,
  pole: (poleId: string) => ["visits", "pole", poleId] as const,
};

export function usePoleVisits(poleId: string) {
  return useQuery({
    queryKey: visitKeys.pole(poleId),
    queryFn: async ({ signal }): Promise<Visit[]> =>
      (
        await apiClient.get(`/api/poles/${encodeURIComponent(poleId)}/inspections`, poleVisitsSchema, {
          signal,
        })
      ).inspections,
  });
}

/** A recorded visit recolours its pole: its record, the markers and the regions' counts again. */
const refreshAfterVisits = (queryClient: QueryClient) =>
  Promise.all(
    [visitKeys.all, ["poles"], ["regions"]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

const postVisit = async (poleId: string, body: VisitCreate): Promise<Visit> =>
  (await apiClient.post(`/api/poles/${encodeURIComponent(poleId)}/inspections`, body, visitResponseSchema))
    .inspection;

export function useRecordVisit(poleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitCreate) => postVisit(poleId, body),
    onSuccess: () => refreshAfterVisits(queryClient),
  });
}

/** One visit to record on a pole (the upload dialog's, one per pole and photo day). */
export interface PoleVisit {
  poleId: string;
  body: VisitCreate;
}

/**
 * Records visits one after the other; resolves with the ones not recorded when one is refused or
 * the link drops (the rest are not tried), so a retry sends exactly those and none twice.
 */
export function useRecordVisits() {
  const queryClient = useQueryClient();
  return async (visits: readonly PoleVisit[]): Promise<{ left: PoleVisit[] }> => {
    let done = 0;
    for (const visit of visits) {
      try {
        await postVisit(visit.poleId, visit.body);
        done += 1;
      } catch {
        break;
      }
    }
    if (done > 0) await refreshAfterVisits(queryClient);
    return { left: visits.slice(done) };
  };
}
