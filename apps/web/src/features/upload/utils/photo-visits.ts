/**
 * The visits an upload records: one per pole and photo day, naming that day's photos of the pole.
 * A photo without a pole (no position) or without a date says neither where nor when: not counted.
 */
import { MAX_VISIT_LINKS, type ImageRecord, type VisitCreate, type VisitResult } from "@poleatlas/shared";

/** One visit to record on a pole. */
export interface PoleVisit {
  poleId: string;
  body: VisitCreate;
}

/** Records visits in order; resolves with those not recorded (a refusal stops the rest). */
export type RecordVisits = (visits: readonly PoleVisit[]) => Promise<{ left: PoleVisit[] }>;

export function visitsFromPhotos(
  photos: readonly ImageRecord[],
  type: string,
  result: VisitResult,
): { visits: PoleVisit[]; uncounted: number } {
  const byPoleDay = new Map<string, PoleVisit>();
  let uncounted = 0;
  for (const photo of photos) {
    if (photo.pole_id === null || photo.date === null) {
      uncounted += 1;
      continue;
    }
    const key = `${photo.pole_id} ${photo.date}`;
    const visit = byPoleDay.get(key);
    if (visit) {
      const ids = visit.body.image_ids!;
      // The same photo twice in a run (a duplicate of one sent with it) is named once; past the
      // API's limit the visit still counts, naming the first photos only.
      if (!ids.includes(photo.id) && ids.length < MAX_VISIT_LINKS) ids.push(photo.id);
      continue;
    }
    byPoleDay.set(key, {
      poleId: photo.pole_id,
      body: { type, inspected_on: photo.date, image_ids: [photo.id], result },
    });
  }
  return { visits: [...byPoleDay.values()], uncounted };
}
