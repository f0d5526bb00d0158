import { imageResponseSchema, type ImagePatch, type ImageRecord } from "@poleatlas/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { imageKeys } from "../../images/api/get-images";
import { regionKeys } from "../../images/api/get-regions";
import { poleKeys } from "./pole-keys";

/** PATCH /api/images/:id: rating, notes, place or pole of one of the caller's photos. */
export async function patchImage(id: string, patch: ImagePatch): Promise<ImageRecord> {
  const url = `/api/images/${encodeURIComponent(id)}`;
  return (await apiClient.patch(url, patch, imageResponseSchema)).image;
}

/**
 * Changes a photo; the answer replaces it in every cached region list at once (the marker's
 * colour, the panel), then lists, poles and region counts are fetched again.
 */
export function usePatchImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ImagePatch }) => patchImage(id, patch),
    onSuccess: async (image) => {
      queryClient.setQueriesData<ImageRecord[]>({ queryKey: imageKeys.all }, (old) =>
        Array.isArray(old) ? old.map((i) => (i.id === image.id ? image : i)) : old,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: imageKeys.all }),
        queryClient.invalidateQueries({ queryKey: regionKeys.all }),
        queryClient.invalidateQueries({ queryKey: poleKeys.all }),
      ]);
    },
  });
}
