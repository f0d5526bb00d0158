import { useMutation, useQueryClient } from "@tanstack/react-query";
import { imageResponseSchema, type BlurBox, type ImageRecord } from "@poleatlas/shared";
import { apiClient } from "../../../lib/api-client";

export async function blurImage(id: string, boxes: BlurBox[]): Promise<ImageRecord> {
  return (await apiClient.post(`/api/images/${encodeURIComponent(id)}/blur`, { boxes }, imageResponseSchema))
    .image;
}

/**
 * Blurs rectangles of a photo for good. The photo's files move to new URLs, which every list,
 * timeline and pole view of it names: all of them are fetched again.
 */
export function useBlurImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, boxes }: { id: string; boxes: BlurBox[] }) => blurImage(id, boxes),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
