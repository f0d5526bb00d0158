import { poleResponseSchema, type PoleRecord } from "@poleatlas/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import type { PoleTimeline } from "./get-pole";
import { poleKeys } from "./pole-keys";

/** PATCH /api/poles/:id: the pole's label ("" clears it). */
export async function patchPole(id: string, label: string): Promise<PoleRecord> {
  return (await apiClient.patch(`/api/poles/${encodeURIComponent(id)}`, { label }, poleResponseSchema)).pole;
}

export function usePatchPole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, label }: { id: string; label: string }) => patchPole(id, label),
    onSuccess: async (pole) => {
      // The panel's timeline answer carries the pole: the saved label, at once.
      queryClient.setQueryData<PoleTimeline>(poleKeys.one(pole.id), (old) =>
        old ? { ...old, pole: { ...old.pole, ...pole } } : old,
      );
      await queryClient.invalidateQueries({ queryKey: poleKeys.all });
    },
  });
}
