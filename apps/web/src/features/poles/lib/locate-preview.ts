/**
 * What the globe shows of a locate before it is applied: the estimate, its circle of uncertainty
 * and each marked photo's ray from where the camera stood along its bearing, long enough to pass
 * the estimate so the eye sees where the rays cross.
 */
import type { LocateEstimate, ImageRecord } from "@poleatlas/shared";
import { destination, distanceM } from "../../../globe/ground-geometry";
import type { PreviewArea, PreviewPosition, PreviewRay, PreviewShapes } from "../../../globe/preview-store";

/** A ray reaches half again its camera's distance to the estimate, and never less than this. */
export const MIN_RAY_M = 20;
const RAY_OVERSHOOT = 1.5;

export interface LocatePreview {
  points: PreviewPosition[];
  area: PreviewArea;
  shapes: PreviewShapes;
}

type Camera = Pick<ImageRecord, "id" | "latitude" | "longitude">;

export function locatePreview(estimate: LocateEstimate, photos: readonly Camera[]): LocatePreview {
  const centre = { latitude: estimate.latitude, longitude: estimate.longitude };
  const byId = new Map(photos.map((p) => [p.id, p]));
  const rays: PreviewRay[] = [];
  for (const ray of estimate.rays) {
    const photo = byId.get(ray.image_id);
    if (photo?.latitude == null || photo.longitude == null) continue;
    const from = { latitude: photo.latitude, longitude: photo.longitude };
    const length = Math.max(MIN_RAY_M, distanceM(from, centre) * RAY_OVERSHOOT);
    rays.push({ from, to: destination(from, ray.bearing_deg, length), used: ray.used });
  }
  const radiusM = estimate.uncertainty_m;
  const edge = [0, 90, 180, 270].map((b) => destination(centre, b, radiusM));
  const all = [centre, ...edge, ...rays.flatMap((r) => [r.from, r.to])];
  const lats = all.map((p) => p.latitude);
  const lons = all.map((p) => p.longitude);
  return {
    points: [centre],
    area: {
      minLat: Math.min(...lats),
      maxLat: Math.max(...lats),
      minLon: Math.min(...lons),
      maxLon: Math.max(...lons),
    },
    shapes: { rays, circle: { ...centre, radiusM } },
  };
}
