/**
 * What a live change makes stale, by the app's query keys: the photo it names, the timelines of
 * the poles it names, the open region's markers and the regions' counts (pole colours, photo
 * counts), the work list and the dashboard, and what lists or counts photos when one came or
 * went. Queries on screen read again at once; the rest read when next shown.
 */
import type { WorkspaceEvent } from "@poleatlas/shared";
import type { QueryClient } from "@tanstack/react-query";
import { adminKeys } from "../../features/admin";
import { forgetDeletedPhoto, imageKeys, regionKeys } from "../../features/images";
import { findingKeys } from "../../features/inspections";
import { dropPhotoFromTimelines, isEmptyTimeline, poleKeys, unplacedKey } from "../../features/poles";
import { storageKeys } from "../../features/storage";
import { workspaceKeys } from "../../features/workspaces";

/** A region's markers: ["poles", { region }] (timelines are ["poles", "one", id]). */
const isRegionMarkers = (key: readonly unknown[]) =>
  key[0] === poleKeys.all[0] && typeof key[1] === "object" && key[1] !== null;

export function invalidateFor(queryClient: QueryClient, event: WorkspaceEvent): void {
  const stale = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  if (event.type === "member.changed") {
    stale(workspaceKeys.all);
    stale(adminKeys.team(event.workspace_id));
    return;
  }
  for (const id of event.image_ids) {
    if (event.type === "image.deleted") {
      forgetDeletedPhoto(queryClient, id);
      dropPhotoFromTimelines(queryClient, id);
    } else stale(imageKeys.one(id));
  }
  for (const id of event.pole_ids) {
    const queryKey = poleKeys.one(id);
    void queryClient.invalidateQueries({ queryKey, predicate: (q) => !isEmptyTimeline(q.state.data) });
  }
  void queryClient.invalidateQueries({ predicate: (q) => isRegionMarkers(q.queryKey) });
  stale(regionKeys.all);
  // A finding or a rating moves the work list and the dashboard's counts.
  stale(findingKeys.all);
  if (event.type !== "pole.updated") stale(unplacedKey);
  if (event.type === "image.created" || event.type === "image.deleted") stale(storageKeys.usage);
}
