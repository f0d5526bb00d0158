/**
 * The GeoJSON Feature of each collection's row: a point in CRS84 (longitude, latitude) and the
 * properties a GIS user styles and filters by. Objects, turned into text once per page by
 * JSON.stringify (the route sends that text as it is).
 */
import { OGC_PATH, type OgcFeature } from "@poleatlas/shared";
import { FILES_PREFIX } from "../photos/image-record";
import type { FindingFeatureRow, PhotoFeatureRow, PoleFeatureRow } from "./ogc.repository";

const point = (r: { longitude: number; latitude: number }) => ({
  type: "Point" as const,
  coordinates: [r.longitude, r.latitude] as [number, number],
});

export function poleFeature(base: string, r: PoleFeatureRow): OgcFeature {
  return {
    type: "Feature",
    id: r.id,
    geometry: point(r),
    properties: {
      tag: r.tag,
      label: r.label,
      material: r.material,
      height_m: r.height_m,
      class: r.class,
      installed_year: r.installed_year,
      circuit: r.circuit,
      position_source: r.position_source,
      attributes: r.attributes,
      condition: r.condition ?? "unrated",
      photo_count: r.photo_count,
      last_photo_date: r.last_photo_date,
      last_visit_on: r.last_visit_on,
      inspection_due_on: r.inspection_due_on,
      lean_deg: r.lean_deg,
      lean_toward_deg: r.lean_toward_deg,
      lean_apparent: r.lean_apparent,
      lean_measured_at: r.lean_measured_at,
      photos_url: `${base}${OGC_PATH}/collections/photos/items?pole=${r.id}`,
    },
  };
}

export function photoFeature(base: string, r: PhotoFeatureRow): OgcFeature {
  return {
    type: "Feature",
    id: r.id,
    geometry: point(r),
    properties: {
      name: r.name,
      date: r.date,
      condition: r.risk ?? "unrated",
      notes: r.notes,
      heading: r.heading,
      pole_id: r.pole_id,
      image_url: `${base}${FILES_PREFIX}${r.storage_key}`,
      thumbnail_url: `${base}${FILES_PREFIX}${r.thumbnail_key}`,
      uploaded_at: new Date(r.created_at).toISOString(),
    },
  };
}

/** Overdue as the inspections pages say it: still open after its due date (`today`, UTC). */
export function findingFeature(base: string, r: FindingFeatureRow, today: string): OgcFeature {
  return {
    type: "Feature",
    id: r.id,
    geometry: point(r),
    properties: {
      pole_tag: r.pole_tag,
      pole_id: r.pole_id,
      code: r.code,
      level: r.level,
      status: r.status,
      observed_on: r.observed_on,
      due_on: r.due_on,
      overdue: r.status === "open" && r.due_on < today,
      resolved_on: r.resolved_on,
      action: r.action,
      notes: r.notes,
      pole_url: `${base}${OGC_PATH}/collections/poles/items/${r.pole_id}`,
    },
  };
}
