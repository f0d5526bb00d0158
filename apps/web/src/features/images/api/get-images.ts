import { imageListSchema, type ImageRecord } from "@poleatlas/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "./request";

export const imageKeys = {
  /** Every image query; invalidate this after uploads and deletions. */
  all: ["images"] as const,
  list: (regionId: string | null) => ["images", { region: regionId }] as const,
};

/** The caller's photos by date ascending; one region's only when regionId is given. */
export async function getImages(regionId: string | null, signal?: AbortSignal): Promise<ImageRecord[]> {
  const url = regionId ? `/api/images?region=${encodeURIComponent(regionId)}` : "/api/images";
  return (await getJson(url, imageListSchema, signal)).images;
}

export function imagesQueryOptions(regionId: string | null) {
  return queryOptions({
    queryKey: imageKeys.list(regionId),
    queryFn: ({ signal }) => getImages(regionId, signal),
  });
}

/** `enabled: false` keeps the (possibly huge) query from running until it is wanted. */
export function useImages(regionId: string | null, enabled = true) {
  return useQuery({ ...imagesQueryOptions(regionId), enabled });
}
