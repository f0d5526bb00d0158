import type { ImageRecord } from "@poleatlas/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { imageKeys } from "./get-images";
import { regionKeys } from "./get-regions";

export function deleteImage(id: string): Promise<void> {
  return apiClient.delete(`/api/images/${encodeURIComponent(id)}`);
}

/**
 * Deletes a photo; on success it leaves every cached list at once (globe, timeline) and the
 * lists and region counts are fetched again. Storage usage is another feature's: pass onSuccess.
 */
export function useDeleteImage(options: { onSuccess?: (id: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: async (_data, id) => {
      // The caller moves its selection first, so no screen shows a photo that is gone.
      options.onSuccess?.(id);
      queryClient.removeQueries({ queryKey: imageKeys.one(id) });
      // Region lists only (the single-photo entries under the same prefix are not arrays).
      queryClient.setQueriesData<ImageRecord[]>({ queryKey: imageKeys.all }, (old) =>
        Array.isArray(old) ? old.filter((image) => image.id !== id) : old,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: imageKeys.all }),
        queryClient.invalidateQueries({ queryKey: regionKeys.all }),
      ]);
    },
  });
}
