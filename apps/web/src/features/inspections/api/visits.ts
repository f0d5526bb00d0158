/** Inspection visits over the API: a pole's list, and recording one. */
import { poleVisitsSchema, visitResponseSchema, type Visit, type VisitCreate } from "@poleatlas/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

/** Recording a visit recolours the pole: its record, the markers and the regions' counts again. */
export function useRecordVisit(poleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: VisitCreate): Promise<Visit> =>
      (
        await apiClient.post(
          `/api/poles/${encodeURIComponent(poleId)}/inspections`,
          body,
          visitResponseSchema,
        )
      ).inspection,
    onSuccess: () =>
      Promise.all(
        [visitKeys.all, ["poles"], ["regions"]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
