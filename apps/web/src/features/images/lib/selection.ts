/**
 * Selection rules of the map view: the selected photo within its pole's timeline, the photo a
 * click on a pole opens, and which photo is selected after a step or a deletion. Pure, so it is
 * unit-tested without a browser.
 */
import { compareByDate, type ImageRecord } from "@poleatlas/shared";

export interface Selection {
  photo: ImageRecord;
  /** Every photo of the photo's pole (GET /api/poles/:id), in list order: date ascending. */
  timeline: ImageRecord[];
  index: number;
}

/** `photoId` within one pole's photos, or null when it is not one of them (or nothing is selected). */
export function selectionInTimeline(
  images: readonly ImageRecord[],
  photoId: string | null,
): Selection | null {
  if (!photoId) return null;
  // The server answers in list order already; sorting again keeps the rule in one place.
  const timeline = [...images].sort(compareByDate);
  const index = timeline.findIndex((p) => p.id === photoId);
  const photo = timeline[index];
  return photo ? { photo, timeline, index } : null;
}

/**
 * The photo a click on a pole's marker opens: the last in list order (undated photos sort last),
 * the photo the marker stood for when the map drew one marker per photo.
 */
export function latestPhoto(images: readonly ImageRecord[]): ImageRecord | undefined {
  return [...images].sort(compareByDate).at(-1);
}

/** The photo `delta` steps along the timeline, held at its ends. */
export function stepTimeline(selection: Selection, delta: number): ImageRecord {
  const i = Math.min(selection.timeline.length - 1, Math.max(0, selection.index + delta));
  return selection.timeline[i] ?? selection.photo;
}

/** After a photo is deleted the panel follows its timeline: the next photo, else the previous. */
export function nextAfterDeletion(selection: Selection): ImageRecord | null {
  const rest = selection.timeline.filter((p) => p.id !== selection.photo.id);
  return rest[Math.min(selection.index, rest.length - 1)] ?? null;
}
