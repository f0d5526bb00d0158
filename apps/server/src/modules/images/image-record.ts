import type { ImageRecord } from "@poleatlas/shared";
import type { ImageRow } from "./images.repository";

/** Files are served by us at /files/<key> (owner only), never by a public bucket URL. */
export const FILES_PREFIX = "/files/";

export function toImageRecord(row: ImageRow): ImageRecord {
  return {
    id: row.id,
    user_id: row.user_id,
    image_url: `${FILES_PREFIX}${row.storage_key}`,
    thumbnail_url: `${FILES_PREFIX}${row.thumbnail_key}`,
    name: row.name,
    date: row.date,
    created_at: row.created_at,
    latitude: row.latitude,
    longitude: row.longitude,
    metadata: row.metadata,
    pole_id: row.pole_id,
    risk: row.risk,
    notes: row.notes,
    sha256: row.sha256,
    uploaded_by: row.uploaded_by_email,
    rated_by: row.rated_by_email,
    privacy: { faces: row.faces_blurred, manualBoxes: row.manual_boxes, blurredAt: row.blurred_at },
  };
}
