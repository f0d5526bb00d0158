import {
  etagOf,
  messages,
  imageConflictSchema,
  imageResponseSchema,
  type ImagePatch,
  type ImageRecord,
} from "@poleatlas/shared";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { ApiError, apiClient } from "../../../lib/api-client";
import { imageKeys } from "../../images";
import { putPhotoInTimelines, refreshPoles } from "./pole-cache";

/** A save refused because someone changed the photo since `version`: the photo as it is now. */
export class PhotoConflict extends ApiError {
  constructor(readonly current: ImageRecord) {
    super(412, "edit_conflict", messages.editConflict);
    this.name = "PhotoConflict";
  }
}

/**
 * PATCH /api/images/:id: rating, notes, place or pole of one of the caller's photos, only if it is
 * still at `version` (If-Match): else PhotoConflict with the photo as it is now.
 */
export async function patchImage(id: string, patch: ImagePatch, version: number): Promise<ImageRecord> {
  const url = `/api/images/${encodeURIComponent(id)}`;
  try {
    const headers = { "If-Match": etagOf(version) };
    return (await apiClient.patch(url, patch, imageResponseSchema, { headers })).image;
  } catch (e) {
    const conflict = e instanceof ApiError && e.status === 412 ? imageConflictSchema.safeParse(e.body) : null;
    if (conflict?.success) throw new PhotoConflict(conflict.data.image);
    throw e;
  }
}

/** The photo as the server holds it now, in its cached record and its pole's timeline (the panel). */
function showPhoto(queryClient: QueryClient, image: ImageRecord) {
  queryClient.setQueriesData<ImageRecord>({ queryKey: imageKeys.one(image.id) }, (old) =>
    old ? image : old,
  );
  putPhotoInTimelines(queryClient, image);
}

/**
 * Changes a photo; the answer replaces it at once in its cached record and its pole's timeline
 * (the panel), then the photo queries, the region's poles (markers), the timelines and the region
 * counts are fetched again. A conflict puts the teammate's photo on screen the same way.
 */
export function usePatchImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch, version }: { id: string; patch: ImagePatch; version: number }) =>
      patchImage(id, patch, version),
    onSuccess: async (image) => {
      showPhoto(queryClient, image);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: imageKeys.all }),
        refreshPoles(queryClient),
      ]);
    },
    onError: async (e) => {
      if (!(e instanceof PhotoConflict)) return;
      showPhoto(queryClient, e.current);
      await refreshPoles(queryClient);
    },
  });
}
