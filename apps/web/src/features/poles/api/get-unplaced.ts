import { imageListSchema, type ImageList } from "@poleatlas/shared";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { imageKeys } from "../../images";

/** Under the images prefix: uploads, deletions and placements refresh it with the rest. */
export const unplacedKey = [...imageKeys.all, "unplaced"] as const;

/** The first page (up to 1,000) of the caller's photos without coordinates. */
export function getUnplaced(signal?: AbortSignal): Promise<ImageList> {
  return apiClient.get("/api/images?unplaced=true", imageListSchema, { signal });
}

export function useUnplacedImages() {
  return useQuery({ queryKey: unplacedKey, queryFn: ({ signal }) => getUnplaced(signal) });
}
