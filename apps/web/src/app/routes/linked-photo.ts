/**
 * A link naming only a photo (/map?photo=ID): ask for that one photo, then open its region (the
 * shared rounding rule of its coordinates) with it selected. Never the whole list: at 100k photos
 * that is a 50 MB answer. A missing, someone else's or malformed photo id gets a notice instead.
 */
import { regionKey } from "@poleatlas/shared";
import { useEffect } from "react";
import { useImage } from "../../features/images";
import { ApiError } from "../../lib/api-client";
import type { MapUrl } from "./use-map-url";

export function useLinkedPhoto(url: MapUrl) {
  const lookupId = url.photoId !== null && url.regionId === null ? url.photoId : null;
  const linked = useImage(lookupId);
  // 404: missing or someone else's; 400: not even a photo id (a mangled link). Neither improves
  // by asking again.
  const notFound =
    lookupId !== null &&
    linked.error instanceof ApiError &&
    (linked.error.status === 404 || linked.error.status === 400);

  useEffect(() => {
    const photo = linked.data;
    if (lookupId === null || !photo) return;
    if (photo.longitude !== null && photo.latitude !== null) {
      url.show(regionKey(photo.longitude, photo.latitude), photo.id);
    } else url.show(null, null); // no position, so no region to open it in
  }, [lookupId, linked.data, url]);

  return {
    /** The link's photo is missing or someone else's: the notice stays until dismissed. */
    notFound,
    dismissNotFound: () => url.show(null, null),
    /** A failure other than "not found" (the server down, a 500): worth a retry. */
    failed: lookupId !== null && linked.isError && !notFound,
    error: linked.error,
    retry: () => void linked.refetch(),
  };
}
