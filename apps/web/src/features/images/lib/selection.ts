/**
 * Selection rules of the map view: which photos form the timeline and which photo is selected
 * after a step or a deletion. Pure, so it is unit-tested without a browser.
 */
import { timelineFor, type ImageRecord } from "@poleatlas/shared";

export interface Selection {
  photo: ImageRecord;
  /** Every photo at exactly this latitude and longitude, date ascending (at least the photo). */
  timeline: ImageRecord[];
  index: number;
}

export function selectionFor(photos: readonly ImageRecord[], photoId: string | null): Selection | null {
  if (!photoId) return null;
  const photo = photos.find((p) => p.id === photoId);
  if (!photo) return null;
  const timeline = timelineFor(photos, photo);
  return {
    photo,
    timeline,
    index: Math.max(
      0,
      timeline.findIndex((p) => p.id === photo.id),
    ),
  };
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
