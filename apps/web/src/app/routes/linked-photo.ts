/**
 * A link naming only a photo (/map?photo=ID): ask for that one photo, then open the region of its
 * pole with it selected. A region draws the poles whose own position lies in it, and a photo near
 * a region's border may have its pole across it: so the pole's position (GET /api/poles/:id, the
 * timeline the panel then shows) names the region; a photo without a pole its own coordinates
 * (the shared rounding rule). Never the whole list: at 100k photos that is a 50 MB answer. A
 * missing, someone else's or malformed photo id gets a notice instead.
 */
import { regionKey } from "@poleatlas/shared";
import { useEffect } from "react";
import { useImage } from "../../features/images";
import { usePoleTimeline } from "../../features/poles";
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
  const photo = lookupId !== null && linked.data?.id === lookupId ? linked.data : null;
  const pole = usePoleTimeline(photo?.pole_id ?? null);

  useEffect(() => {
    if (!photo) return;
    if (photo.pole_id !== null && !pole.isError) {
      const where = pole.data?.pole; // until the pole's answer comes, wait for it
      if (where) url.show(regionKey(where.longitude, where.latitude), photo.id);
    } else if (photo.longitude !== null && photo.latitude !== null) {
      // No pole, or its answer failed: the photo's own region (the panel says what failed).
      url.show(regionKey(photo.longitude, photo.latitude), photo.id);
    } else url.show(null, null); // no position, so no region to open it in
  }, [photo, pole.data, pole.isError, url]);

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
