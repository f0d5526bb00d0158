import { imageListSchema, type ImageRecord } from "@poleatlas/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export const imageKeys = {
  /** Every image query; invalidate this after uploads and deletions. */
  all: ["images"] as const,
  list: (regionId: string) => ["images", { region: regionId }] as const,
  one: (id: string) => ["images", "one", id] as const,
};

/**
 * One region's photos by date ascending: the whole region in one answer (`nextCursor: null`).
 * The app never asks for the list without a region: that one is paged and unbounded.
 */
export async function getRegionImages(regionId: string, signal?: AbortSignal): Promise<ImageRecord[]> {
  const url = `/api/images?region=${encodeURIComponent(regionId)}`;
  return (await apiClient.get(url, imageListSchema, { signal })).images;
}

export function regionImagesQueryOptions(regionId: string) {
  return queryOptions({
    queryKey: imageKeys.list(regionId),
    queryFn: ({ signal }) => getRegionImages(regionId, signal),
  });
}

/** The photos of `regionId`; nothing is asked while it is null (the overview). */
export function useRegionImages(regionId: string | null) {
  return useQuery({
    ...regionImagesQueryOptions(regionId ?? ""),
    enabled: regionId !== null,
  });
}
