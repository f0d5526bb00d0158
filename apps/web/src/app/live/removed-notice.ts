/**
 * "You were removed from <team>": told by the live stream's `removed` event, or by the first
 * request the server refuses for the tab's team (whichever comes first). Kept outside React, so
 * the notice outlives the screen reading everything again in the user's own workspace.
 */
import type { RemovedEvent } from "@poleatlas/shared";

let current: RemovedEvent | null = null;
const listeners = new Set<() => void>();

export function showRemoved(notice: RemovedEvent | null): void {
  current = notice;
  for (const listener of listeners) listener();
}

export const removedNotice = (): RemovedEvent | null => current;

export function onRemovedNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
