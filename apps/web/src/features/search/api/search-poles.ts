/** GET /api/poles/search: poles of the active workspace by label, best match first. */
import { poleSearchResponseSchema, type PoleSearchHit } from "@poleatlas/shared";
import { apiClient } from "../../../lib/api-client";

export async function searchPoles(q: string, limit: number, signal?: AbortSignal): Promise<PoleSearchHit[]> {
  const query = new URLSearchParams({ q, limit: String(limit) });
  const answer = await apiClient.get(`/api/poles/search?${query}`, poleSearchResponseSchema, { signal });
  return answer.poles;
}
