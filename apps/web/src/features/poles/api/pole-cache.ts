/**
 * The cached pole timelines (GET /api/poles/:id) kept in step with a change the server confirmed,
 * so the panel never shows a photo where it no longer is while the timelines are fetched again.
 */
import type { ImageRecord } from "@poleatlas/shared";
import type { QueryClient } from "@tanstack/react-query";
import { regionKeys } from "../../images";
import type { PoleTimeline } from "./get-pole";
import { poleKeys } from "./pole-keys";

const timelines = { queryKey: [...poleKeys.all, "one"] };

/** The photos of a cached timeline; none for anything else that a key under it might hold. */
const photosOf = (data: PoleTimeline | undefined): ImageRecord[] =>
  Array.isArray(data?.images) ? data.images : [];

/** The changed photo replaces itself in its pole's timeline and leaves any other pole's. */
export function putPhotoInTimelines(queryClient: QueryClient, image: ImageRecord): void {
  queryClient.setQueriesData<PoleTimeline>(timelines, (old) => {
    if (!old || !photosOf(old).some((p) => p.id === image.id)) return old;
    const images =
      old.pole.id === image.pole_id
        ? old.images.map((p) => (p.id === image.id ? image : p))
        : old.images.filter((p) => p.id !== image.id);
    return { ...old, images };
  });
}

/** A deleted photo leaves every cached timeline. */
export function dropPhotoFromTimelines(queryClient: QueryClient, photoId: string): void {
  queryClient.setQueriesData<PoleTimeline>(timelines, (old) =>
    old && photosOf(old).some((p) => p.id === photoId)
      ? { ...old, images: old.images.filter((p) => p.id !== photoId) }
      : old,
  );
}

/** The pole (id) whose cached timeline holds this photo, if any is cached. */
export function cachedPoleOf(queryClient: QueryClient, photoId: string): string | null {
  for (const [, data] of queryClient.getQueriesData<PoleTimeline>(timelines)) {
    if (data && photosOf(data).some((p) => p.id === photoId)) return data.pole.id;
  }
  return null;
}

/** A cached timeline whose last photo was deleted: its pole is usually gone on the server too. */
export function isEmptyTimeline(data: unknown): boolean {
  const images = (data as Partial<PoleTimeline> | undefined)?.images;
  return Array.isArray(images) && images.length === 0;
}

/** After anything that changed poles: the region's markers, the timelines, the regions' risk counts. */
export async function refreshPoles(queryClient: QueryClient): Promise<void> {
  // A timeline whose last photo went is a pole that is usually gone on the server too: asking
  // for it, or anything of it (its history, the photos that may locate it), again would be a 404.
  // Its emptied copy stays until nothing shows it.
  const emptied = new Set(
    queryClient
      .getQueriesData<PoleTimeline>(timelines)
      .flatMap(([, data]) => (data && isEmptyTimeline(data) ? [data.pole.id] : [])),
  );
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: poleKeys.all,
      predicate: (q) =>
        !isEmptyTimeline(q.state.data) &&
        // Every query of one pole is keyed ["poles", what, pole id].
        !emptied.has(String(q.queryKey[2])),
    }),
    queryClient.invalidateQueries({ queryKey: regionKeys.all }),
  ]);
}
