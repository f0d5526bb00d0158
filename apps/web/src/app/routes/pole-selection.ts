/**
 * The selected pole in region view: the map draws poles from the compact form, so the pole's
 * record and its photos' timeline come from GET /api/poles/:id. A pole opens with or without
 * photos; the photo shown is the one the URL names, else its latest.
 * - A click on a pole (or a pole found by search, or `openPole` from anywhere) fetches its record
 *   and then selects it (the URL keeps ?region=…&pole=…&photo=…); until then the panel says it is
 *   loading, or that it failed, with Retry. A later click wins. A pole that is gone (404) is said
 *   to be, without Retry.
 * - A pole named by a link without its region (/map?pole=ID): its region opens once it answers.
 * - A photo in the URL without a pole (an older link, a reload of one), or a photo no longer on
 *   the named pole (moved to another): found in the cached timelines, else looked up by id (GET
 *   /api/images/:id) for its pole_id, whose record then opens.
 * - The named pole gone (merged into another, or removed): its photo, when the URL names one, is
 *   looked up and its new pole opens; else the panel says the pole is not found.
 * - The photo on screen deleted before the screen moved on (a teammate's deletion told live, or
 *   the live event of one's own arriving before the server's answer): the panel follows its
 *   timeline as after one's own deletion, never waiting for a photo that is gone.
 */
import { regionKey } from "@poleatlas/shared";
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

/** What the panel shows while there is no record to show. */
export type PanelStatus =
  | { state: "none" }
  | { state: "loading" }
  | { state: "failed"; error: Error; retry: () => void }
  /** The pole is not there (404, or 400 for a mangled id): asking again would not bring it. */
  | { state: "gone" };

export interface PoleSelection {
  /** The selected pole's record and photos; null while none is open. */
  record: PoleTimeline | null;
  /** The photo shown within the pole's timeline; null for a pole without photos. */
  selection: Selection | null;
  status: PanelStatus;
  /**
   * Opens a pole's record from any view (a marker, a search, a list): its region opens (`regionId`
   * when known, so the globe flies there at once), then the record.
   */
  openPole: (poleId: string, regionId?: string) => void;
  /** A click on empty space: no selection, and a pole still loading is dropped. */
  clear: () => void;
}

interface Opening {
  poleId: string;
  error?: Error;
}

const NONE: PanelStatus = { state: "none" };
const LOADING: PanelStatus = { state: "loading" };
const GONE: PanelStatus = { state: "gone" };
/** Missing or another workspace's (404), or not a pole id at all (400, a mangled link). */
const poleGone = (e: Error) => e instanceof ApiError && (e.status === 404 || e.status === 400);
/** The region a pole is drawn in: the one its own position lies in. */
const regionOf = (t: PoleTimeline) => regionKey(t.pole.longitude, t.pole.latitude);

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

  const openPole = useCallback(
    (poleId: string, regionHint?: string) => {
      const click = ++clicks.current;
      const from = current.current.regionId;
      // Found elsewhere: that region opens now, the camera flying to it while the record loads.
      if (regionHint !== undefined && regionHint !== from) current.current.url.openRegion(regionHint);
      setOpening({ poleId });
      queryClient.fetchQuery(poleTimelineQueryOptions(poleId)).then(
        (timeline) => {
          if (click !== clicks.current) return;
          setOpening(null);
          const latest = latestPhoto(timeline.images);
          current.current.url.showPole(regionOf(timeline), poleId, latest?.id ?? null);
        },
        (e: unknown) => {
          const error = e instanceof Error ? e : new Error(String(e));
          // Its marker is out of date (someone deleted the pole): the region's poles and counts
          // are asked for again, so the marker goes.
          const region = regionHint ?? from;
          if (poleGone(error) && region !== null) {
            void queryClient.invalidateQueries({ queryKey: poleKeys.region(region) });
            void queryClient.invalidateQueries({ queryKey: regionKeys.all });
          }
          if (click !== clicks.current) return;
          setOpening({ poleId, error });
        },
      );
    },
    [queryClient],
  );

  const clear = useCallback(() => {
    clicks.current++;
    setOpening(null);
    const { url: now } = current.current;
    if (now.photoId !== null || now.poleId !== null) now.showPole(now.regionId, null, null);
  }, []);

  const named = usePoleTimeline(opening === null ? url.poleId : null);
  // Merged into another or removed: a refetch answered 404, while the query keeps its last data.
  const namedGone = named.isError && poleGone(named.error);
  const deleted = photoId !== null && wasDeleted(queryClient, photoId);
  // The photo names the pole when the URL names none, when it is not on the named pole (moved),
  // or when the named pole is gone (its photos went with a merge).
  const photoElsewhere =
    photoId !== null &&
    !deleted &&
    (url.poleId === null ||
      namedGone ||
      (named.data !== undefined && !named.data.images.some((p) => p.id === photoId)));
  // Read from the cache as it is now: the timeline hooks re-render this when it changes. The gone
  // pole's last copy still holds the photo: the photo is asked where it is now instead.
  const cachedFound = photoElsewhere ? cachedPoleOf(queryClient, photoId) : null;
  const cachedPole = namedGone && cachedFound === url.poleId ? null : cachedFound;
  // A photo-only link without a region is useLinkedPhoto's to open (it asks for the same photo).
  const lookupId =
    opening === null && photoElsewhere && cachedPole === null && (regionId !== null || url.poleId !== null)
      ? photoId
      : null;
  const looked = useImage(lookupId);
  const lookedPole = looked.data && looked.data.id === photoId ? looked.data.pole_id : null;
  const poleId = opening !== null ? null : photoElsewhere ? (cachedPole ?? lookedPole) : url.poleId;
  const timeline = usePoleTimeline(poleId);
  // A pole gone on the server is never shown from its last copy: an edit there would be refused.
  const timelineGone = timeline.isError && poleGone(timeline.error);
  const record = timeline.data && timeline.data.pole.id === poleId && !timelineGone ? timeline.data : null;
  const images = record?.images ?? [];
  const selection = !record
    ? null
    : photoId !== null
      ? selectionInTimeline(images, photoId)
      : selectionInTimeline(images, latestPhoto(images)?.id ?? null);
  // A record open while its photo is deleted: no record until the timeline moves on (below).
  const shown = record && (photoId === null || selection !== null || images.length === 0) ? record : null;

  // A pole-only link (/map?pole=ID) is completed with the pole's region, replacing the entry
  // (nothing to go back to). A photo without a pole in the URL (an older link) stays so: the
  // photo names its pole (a photo-only link's region is useLinkedPhoto's to open).
  const completeRegion =
    record !== null && regionId === null && url.poleId !== null ? regionOf(record) : null;
  const recordPole = record?.pole.id ?? null;
  useEffect(() => {
    if (recordPole === null || completeRegion === null) return;
    const now = current.current.url;
    if (now.regionId === null) now.showPole(completeRegion, recordPole, now.photoId);
  }, [recordPole, completeRegion]);

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
    record: shown && regionId !== null ? shown : null,
    selection: shown && regionId !== null ? selection : null,
    status: panelStatus(),
    openPole,
    clear,
  };

  function panelStatus(): PanelStatus {
    if (opening) {
      const { error, poleId: id } = opening;
      if (error && poleGone(error)) return GONE;
      return error ? { state: "failed", error, retry: () => openPole(id) } : LOADING;
    }
    if (shown && regionId !== null) return NONE;
    if (url.poleId === null && (regionId === null || photoId === null)) return NONE;
    // Deleted here or told live: never asked for again (a 404), so no panel waits for it.
    if (deleted) return NONE;
    // The photo of a gone pole is being looked for: where it went opens next.
    if (namedGone && lookupId !== null && (looked.isPending || looked.isFetching)) return LOADING;
    if (url.poleId !== null && named.isError) {
      if (poleGone(named.error)) return GONE;
      return { state: "failed", error: named.error, retry: () => void named.refetch() };
    }
    if (lookupId !== null && looked.isError) {
      // Missing or someone else's (404), or not a photo id (400): no panel, as before.
      const gone = looked.error instanceof ApiError && [400, 404].includes(looked.error.status);
      return gone ? NONE : { state: "failed", error: looked.error, retry: () => void looked.refetch() };
    }
    if (lookupId !== null && looked.isPending) return LOADING;
    if (poleId === null) return url.poleId !== null && named.isPending ? LOADING : NONE;
    if (timeline.isError) {
      if (poleGone(timeline.error)) return GONE;
      return { state: "failed", error: timeline.error, retry: () => void timeline.refetch() };
    }
    return timeline.isPending || timeline.isFetching || regionId === null ? LOADING : NONE;
  }
}
