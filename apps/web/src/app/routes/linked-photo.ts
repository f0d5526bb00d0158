/**
 * A link naming only a photo (/map?photo=ID): ask for that one photo, then open the region of its
 * pole with it selected. A region draws the poles whose own position lies in it, and a photo near
 * a region's border may have its pole across it: so the pole's position (GET /api/poles/:id, the
 * timeline the panel then shows) names the region; a photo without a pole its own coordinates
 * (the shared rounding rule). Never the whole list: at 100k photos that is a 50 MB answer. A
 * photo of another workspace of the user (a team's link opened while Personal is active) switches
 * this tab there, with a notice; a missing, someone else's or malformed photo id gets a notice
 * instead.
 */
import { regionKey } from "@poleatlas/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { sessionQueryKey } from "../../features/auth";
import { getPhotoWorkspace, useImage } from "../../features/images";
import { usePoleTimeline } from "../../features/poles";
import { ApiError } from "../../lib/api-client";
import { setTabWorkspace, tabWorkspace } from "../../lib/tab-workspace";
import type { MapUrl } from "./use-map-url";

/** Queries that are the user's, not a workspace's: kept when the tab switches. */
const SAME_IN_EVERY_WORKSPACE = new Set<unknown>([sessionQueryKey[0], "invitation", "photo-workspace"]);

/** How long the "Switched to …" notice stays. */
const SWITCH_NOTICE_MS = 8000;

const statusOf = (e: unknown) => (e instanceof ApiError ? e.status : null);

export function useLinkedPhoto(url: MapUrl) {
  const queryClient = useQueryClient();
  const lookupId = url.photoId !== null && url.regionId === null ? url.photoId : null;
  const linked = useImage(lookupId);
  // 404: missing or in another workspace; 400: not even a photo id (a mangled link). Neither
  // improves by asking again: where the photo lives is asked once.
  const status = lookupId === null ? null : statusOf(linked.error);
  const missingHere = status === 404 || status === 400;
  const askWhere = status === 404 ? lookupId : null;
  // Kept apart from the query: once switched, the photo is read again and found, so the question
  // (and its answer) goes away while the notice should stay its few seconds.
  const [switched, setSwitched] = useState<{ photo: string; name: string } | null>(null);
  const where = useQuery({
    queryKey: ["photo-workspace", askWhere],
    enabled: askWhere !== null,
    retry: false,
    queryFn: async ({ signal }) => {
      const { workspace } = await getPhotoWorkspace(askWhere ?? "", signal);
      // Here already: the photo is gone after all (deleted meanwhile).
      if (workspace.id === tabWorkspace()) return { workspace, switched: false };
      setTabWorkspace(workspace.id);
      setSwitched({ photo: askWhere ?? "", name: workspace.name });
      // Everything on screen was the old workspace's: read again in the new one (the link stays).
      await queryClient.resetQueries({ predicate: (q) => !SAME_IN_EVERY_WORKSPACE.has(q.queryKey[0]) });
      return { workspace, switched: true };
    },
  });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const switchedTo = switched && dismissed !== switched.photo ? switched.name : null;
  const switchedPhoto = switched?.photo ?? null;
  const dismissSwitched = () => setDismissed(switchedPhoto);

  // A short notice: it goes by itself.
  useEffect(() => {
    if (switchedTo === null) return;
    const timer = setTimeout(() => setDismissed(switchedPhoto), SWITCH_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [switchedTo, switchedPhoto]);

  // Not the user's anywhere, or not found even in its own workspace (deleted meanwhile).
  const notFound =
    status === 400 || (status === 404 && (where.isError || where.data?.workspace.id === tabWorkspace()));
  const photo = lookupId !== null && linked.data?.id === lookupId ? linked.data : null;
  const pole = usePoleTimeline(photo?.pole_id ?? null);

  useEffect(() => {
    if (!photo) return;
    if (photo.pole_id !== null && !pole.isError) {
      const at = pole.data?.pole; // until the pole's answer comes, wait for it
      if (at) url.show(regionKey(at.longitude, at.latitude), photo.id);
    } else if (photo.longitude !== null && photo.latitude !== null) {
      // No pole, or its answer failed: the photo's own region (the panel says what failed).
      url.show(regionKey(photo.longitude, photo.latitude), photo.id);
    } else url.show(null, null); // no position, so no region to open it in
  }, [photo, pole.data, pole.isError, url]);

  return {
    /** The link's photo is missing or someone else's: the notice stays until dismissed. */
    notFound,
    dismissNotFound: () => url.show(null, null),
    /** The link opened its photo in another workspace of the user: the short notice says which. */
    switchedTo,
    dismissSwitched,
    /** A failure other than "not found" (the server down, a 500): worth a retry. */
    failed: lookupId !== null && linked.isError && !missingHere,
    error: linked.error,
    retry: () => void linked.refetch(),
  };
}
