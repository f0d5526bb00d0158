import {
  etagOf,
  messages,
  poleConflictSchema,
  poleResponseSchema,
  type PolePatchBody,
  type PoleRecord,
} from "@poleatlas/shared";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { ApiError, apiClient } from "../../../lib/api-client";
import type { PoleTimeline } from "./get-pole";
import { poleKeys } from "./pole-keys";

/** A change refused because someone changed the pole since `version`: the pole as it is now. */
export class PoleConflict extends ApiError {
  constructor(readonly current: PoleRecord) {
    super(412, "edit_conflict", messages.editConflict);
    this.name = "PoleConflict";
  }
}

/**
 * PATCH /api/poles/:id: the pole's label or register fields (null or "" clears one), only if it
 * is still at `version`.
 */
export async function patchPole(id: string, patch: PolePatchBody, version: number): Promise<PoleRecord> {
  try {
    const headers = { "If-Match": etagOf(version) };
    return (
      await apiClient.patch(`/api/poles/${encodeURIComponent(id)}`, patch, poleResponseSchema, {
        headers,
      })
    ).pole;
  } catch (e) {
    const conflict = e instanceof ApiError && e.status === 412 ? poleConflictSchema.safeParse(e.body) : null;
    if (conflict?.success) throw new PoleConflict(conflict.data.pole);
    throw e;
  }
}

/** The panel's timeline answer carries the pole: the saved label, at once. */
function showPole(queryClient: QueryClient, pole: PoleRecord) {
  // Over what the timeline had: its pole also carries the findings and condition a PATCH omits.
  queryClient.setQueryData<PoleTimeline>(poleKeys.one(pole.id), (old) =>
    old ? { ...old, pole: { ...old.pole, ...pole } } : old,
  );
}

export function usePatchPole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch, version }: { id: string; patch: PolePatchBody; version: number }) =>
      patchPole(id, patch, version),
    onSuccess: async (pole) => {
      showPole(queryClient, pole);
      await queryClient.invalidateQueries({ queryKey: poleKeys.all });
    },
    onError: (e) => {
      if (e instanceof PoleConflict) showPole(queryClient, e.current);
    },
  });
}
