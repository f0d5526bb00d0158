import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { forgetDeletedPhoto } from "./deleted-photos";
import { imageKeys } from "./get-images";
import { regionKeys } from "./get-regions";

export function deleteImage(id: string): Promise<void> {
  return apiClient.delete(`/api/images/${encodeURIComponent(id)}`);
}

/**
 * Deletes a photo; on success its cached record goes and the image queries and region counts are
 * fetched again. Storage usage and the poles (markers, timelines) are other features': the caller
 * updates them in onSuccess.
 */
export function useDeleteImage(options: { onSuccess?: (id: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: async (_data, id) => {
      // The caller moves its selection first, so no screen shows a photo that is gone.
      options.onSuccess?.(id);
      forgetDeletedPhoto(queryClient, id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: imageKeys.all }),
        queryClient.invalidateQueries({ queryKey: regionKeys.all }),
      ]);
    },
  });
}
