/**
 * GET /api/images/:id for a photo waiting for its pole: the register poles it may show
 * (`pole_candidates`), for the unplaced-photos dialog's question.
 */
import { imageResponseSchema } from "@poleatlas/shared";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { unplacedKey } from "./get-unplaced";

export function useWaitingCandidates(imageId: string) {
  return useQuery({
    // Under the unplaced list's key: what refreshes the list refreshes the candidates too.
    queryKey: [...unplacedKey, "candidates", imageId],
    queryFn: async ({ signal }) => {
      const answer = await apiClient.get(`/api/images/${encodeURIComponent(imageId)}`, imageResponseSchema, {
        signal,
      });
      return { image: answer.image, candidates: answer.pole_candidates ?? [] };
    },
  });
}
