import { imageResponseSchema, type ImagePatch, type ImageRecord } from "@poleatlas/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { imageKeys } from "../../images/api/get-images";
import { putPhotoInTimelines, refreshPoles } from "./pole-cache";

/** PATCH /api/images/:id: rating, notes, place or pole of one of the caller's photos. */
export async function patchImage(id: string, patch: ImagePatch): Promise<ImageRecord> {
  const url = `/api/images/${encodeURIComponent(id)}`;
  return (await apiClient.patch(url, patch, imageResponseSchema)).image;
}

/**
 * Changes a photo; the answer replaces it at once in its cached record and its pole's timeline
 * (the panel), then the photo queries, the region's poles (markers), the timelines and the region
 * counts are fetched again.
 */
export function usePatchImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ImagePatch }) => patchImage(id, patch),
    onSuccess: async (image) => {
      queryClient.setQueriesData<ImageRecord>({ queryKey: imageKeys.one(image.id) }, (old) =>
        old ? image : old,
      );
      putPhotoInTimelines(queryClient, image);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: imageKeys.all }),
        refreshPoles(queryClient),
      ]);
    },
  });
}
