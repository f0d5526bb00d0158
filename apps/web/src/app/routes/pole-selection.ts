/**
 * The selected photo in region view, from its pole: the map draws poles from the
 * compact form, so a photo's record and its timeline come from GET /api/poles/:id.
 * - A click on a pole fetches its timeline and then selects its latest photo (the URL keeps
 *   ?region=…&photo=…); until then the panel says it is loading, or that it failed, with Retry. A
 *   click on another pole while one loads wins. A pole that is gone (404) is said to be, without Retry.
 * - A photo in the URL (a step along the timeline, a reload, a link, back/forward, a photo moved to
 *   another pole) is found in the cached timelines, else looked up by id (GET /api/images/:id)
 *   for its pole_id, whose timeline is then fetched.
 * - The photo on screen deleted before the screen moved on (a teammate's deletion told live, or
 *   the live event of one's own arriving before the server's answer): the panel follows its
 *   timeline as after one's own deletion, never waiting for a photo that is gone.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  latestPhoto,
  nextAfterDeletion,
  regionKeys,
  selectionInTimeline,
  useImage,
  wasDeleted,
  type Selection,
} from "../../features/images";
import {
  cachedPoleOf,
  poleKeys,
  poleTimelineQueryOptions,
  usePoleTimeline,
  type PoleTimeline,
} from "../../features/poles";
import { ApiError } from "../../lib/api-client";
import type { MapUrl } from "./use-map-url";

/** What the panel shows while there is no selection to show. */
export type PanelStatus =
  | { state: "none" }
  | { state: "loading" }
  | { state: "failed"; error: Error; retry: () => void }
  /** The pole is no longer there (404): asking again would not bring it back. */
  | { state: "gone" };

export interface PoleSelection {
  selection: Selection | null;
  /** The selected photo's pole (the label field reads it). */
  pole: PoleTimeline["pole"] | null;
  status: PanelStatus;
  /** A click on a pole's marker (by pole id). */
  openPole: (poleId: string) => void;
  /** A pole found by search, from any view: its region opens, then its latest photo. */
  openPoleIn: (poleId: string, regionId: string) => void;
  /** A click on empty space: no selection, and a pole still loading is dropped. */
  clear: () => void;
}

interface Opening {
  poleId: string;
  regionId: string | null;
  error?: Error;
}

const NONE: PanelStatus = { state: "none" };
const LOADING: PanelStatus = { state: "loading" };
const GONE: PanelStatus = { state: "gone" };
const poleGone = (e: Error) => e instanceof ApiError && e.status === 404;

export function usePoleSelection(url: MapUrl): PoleSelection {
  const queryClient = useQueryClient();
  const { regionId, photoId } = url;
  const [opening, setOpening] = useState<Opening | null>(null);
  /** Counts clicks, so the answer for an earlier click is dropped when a later one came. */
  const clicks = useRef(0);
  const current = useRef({ regionId, url });
  useEffect(() => {
    current.current = { regionId, url };
  });

  const openPoleIn = useCallback(
    (poleId: string, inRegion: string | null) => {
      const click = ++clicks.current;
      const from = inRegion;
      // Found by search in another region: that region opens now; the answer may come before the
      // URL has changed (a timeline in the cache), so it names the region again with the photo.
      const elsewhere = from !== null && from !== current.current.regionId;
      if (elsewhere) current.current.url.openRegion(from);
      setOpening({ poleId, regionId: from });
      queryClient.fetchQuery(poleTimelineQueryOptions(poleId)).then(
        (timeline) => {
          if (click !== clicks.current || (!elsewhere && current.current.regionId !== from)) return;
          setOpening(null);
          const latest = latestPhoto(timeline.images);
          if (elsewhere) current.current.url.show(from, latest?.id ?? null);
          else current.current.url.selectPhoto(latest?.id ?? null);
        },
        (e: unknown) => {
          const error = e instanceof Error ? e : new Error(String(e));
          // Its marker is out of date (someone moved or deleted its photos): the region's poles
          // and counts are asked for again, so the marker goes.
          if (poleGone(error) && from !== null) {
            void queryClient.invalidateQueries({ queryKey: poleKeys.region(from) });
            void queryClient.invalidateQueries({ queryKey: regionKeys.all });
          }
          if (click !== clicks.current) return;
          setOpening({ poleId, regionId: from, error });
        },
      );
    },
    [queryClient],
  );
  const openPole = useCallback(
    (poleId: string) => openPoleIn(poleId, current.current.regionId),
    [openPoleIn],
  );

  const clear = useCallback(() => {
    clicks.current++;
    setOpening(null);
    if (current.current.url.photoId !== null) current.current.url.selectPhoto(null);
  }, []);

  const loadingPole = opening !== null && opening.regionId === regionId ? opening : null;
  // Read from the cache as it is now: the timeline hook below re-renders this when it changes.
  const cachedPole = photoId !== null ? cachedPoleOf(queryClient, photoId) : null;
  // A photo-only link is useLinkedPhoto's to open (it asks for the same photo, cached once).
  const lookupId =
    loadingPole === null && regionId !== null && photoId !== null && cachedPole === null ? photoId : null;
  const looked = useImage(lookupId);
  const lookedPole = looked.data && looked.data.id === photoId ? looked.data.pole_id : null;
  const poleId = cachedPole ?? (lookupId !== null ? lookedPole : null);
  const timeline = usePoleTimeline(poleId);
  const selection =
    loadingPole === null && regionId !== null && timeline.data
      ? selectionInTimeline(timeline.data.images, photoId)
      : null;

  /** The selection last on screen, to follow its timeline when its photo is deleted. */
  const lastShown = useRef<Selection | null>(null);
  useEffect(() => {
    if (selection) {
      lastShown.current = selection;
      return;
    }
    const last = lastShown.current;
    if (!last || photoId !== last.photo.id || !wasDeleted(queryClient, photoId)) return;
    lastShown.current = null;
    // Photos deleted meanwhile are skipped too; the deleted one stays to find its place.
    const left = last.timeline.filter((p) => p.id === photoId || !wasDeleted(queryClient, p.id));
    const at = selectionInTimeline(left, photoId);
    current.current.url.selectPhoto(at ? (nextAfterDeletion(at)?.id ?? null) : null);
  });

  return {
    selection,
    pole: selection ? (timeline.data?.pole ?? null) : null,
    status: panelStatus(),
    openPole,
    openPoleIn,
    clear,
  };

  function panelStatus(): PanelStatus {
    if (loadingPole) {
      const { error, poleId: id } = loadingPole;
      if (error && poleGone(error)) return GONE;
      return error ? { state: "failed", error, retry: () => openPole(id) } : LOADING;
    }
    if (selection || regionId === null || photoId === null) return NONE;
    // Deleted here or told live: never asked for again (a 404), so no panel waits for it.
    if (lookupId !== null && wasDeleted(queryClient, lookupId)) return NONE;
    if (lookupId !== null && looked.isError) {
      // Missing or someone else's (404), or not a photo id (400): no panel, as before.
      const gone = looked.error instanceof ApiError && [400, 404].includes(looked.error.status);
      return gone ? NONE : { state: "failed", error: looked.error, retry: () => void looked.refetch() };
    }
    if (lookupId !== null && looked.isPending) return LOADING;
    if (poleId === null) return NONE;
    if (timeline.isError) {
      if (poleGone(timeline.error)) return GONE;
      return { state: "failed", error: timeline.error, retry: () => void timeline.refetch() };
    }
    return timeline.isPending || timeline.isFetching ? LOADING : NONE;
  }
}
