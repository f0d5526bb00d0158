import { imageResponseSchema, type ImageRecord } from "@poleatlas/shared";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { wasDeleted } from "./deleted-photos";
import { imageKeys } from "./get-images";

/** One of the caller's photos; a 404 `not_found` when it is missing or someone else's. */
export async function getImage(id: string, signal?: AbortSignal): Promise<ImageRecord> {
  return (await apiClient.get(`/api/images/${encodeURIComponent(id)}`, imageResponseSchema, { signal }))
    .image;
}

export function imageQueryOptions(id: string) {
  return queryOptions({
    queryKey: imageKeys.one(id),
    queryFn: ({ signal }) => getImage(id, signal),
    // A 404 will not turn into a photo by asking again.
    retry: false,
    // A link's photo is asked for once: the map then finds its pole from it (pole-selection.ts).
    // Changes made here update or invalidate it (patch-image, delete-image).
    staleTime: 30_000,
  });
}

/** The photo `id` (for a link naming only the photo); nothing is asked while it is null or deleted. */
export function useImage(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...imageQueryOptions(id ?? ""),
    enabled: id !== null && !wasDeleted(queryClient, id),
  });
}
