import type { ImageRecord, PhotoOriginal } from "@poleatlas/shared";
import { localIso, offsetMinutes, zoneAt } from "./capture-time";
import type { ImageRow } from "./images.repository";
import { downloadName } from "./photo-original";

const OFFSET = /([+-])(\d\d):(\d\d)$/;

/** The capture time on the local clocks (ImageRecord.local_time). */
function localTime(row: ImageRow): string | null {
  const stamp = row.metadata.timestamp;
  if (row.taken_at === null) return /Z$|[+-]\d\d:\d\d$/.test(stamp.slice(10)) ? null : stamp.slice(0, 19);
  const ms = Date.parse(row.taken_at);
  const zone = zoneAt(row.latitude, row.longitude);
  if (zone) return localIso(ms, offsetMinutes(zone, ms));
  const own = OFFSET.exec(stamp.slice(10));
  if (own) return localIso(ms, (own[1] === "-" ? -1 : 1) * (Number(own[2]) * 60 + Number(own[3])));
  return stamp.endsWith("Z") ? localIso(ms, 0) : stamp.slice(0, 19);
}

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
    version: row.version,
    updated_at: row.updated_at,
    updated_by: row.updated_by_email,
    taken_at: row.taken_at,
    local_time: localTime(row),
    heading: row.heading,
    privacy: { faces: row.faces_blurred, manualBoxes: row.manual_boxes, blurredAt: row.blurred_at },
    original: originalOf(row),
  };
}

/** The record's `original`: the uploaded file kept beside its rendition (null where none is). */
function originalOf(row: ImageRow): PhotoOriginal | null {
  if (row.original_key === null || row.original_mime === null || row.original_bytes === null) return null;
  return {
    url: `${FILES_PREFIX}${row.original_key}`,
    content_type: row.original_mime,
    bytes: row.original_bytes,
    filename: downloadName(row.name, row.original_mime),
  };
}
