/**
 * POST /api/images/move: several photos to one pole in one step. The answer's photos replace
 * themselves in the cached timelines at once (a pole whose last photo left is emptied there, not
 * asked for again: it is gone on the server), then photos, poles and regions are read again.
 */
import { photoMoveResponseSchema, type PhotoMoveBody, type PhotoMoveResponse } from "@poleatlas/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { imageKeys } from "../../images";
import { putPhotoInTimelines, refreshPoles } from "./pole-cache";

export function movePhotos(body: PhotoMoveBody): Promise<PhotoMoveResponse> {
  return apiClient.post("/api/images/move", body, photoMoveResponseSchema);
}

export function useMovePhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: movePhotos,
    onSuccess: async (answer) => {
      for (const image of answer.images) putPhotoInTimelines(queryClient, image);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: imageKeys.all }),
        refreshPoles(queryClient),
      ]);
    },
  });
}
