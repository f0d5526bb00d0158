/**
 * The pole the panel's move list points at (the focused or hovered entry), for the globe to ring
 * it: the list lives in the panel, the globe beside it, so the choice is kept outside React.
 */
import { useSyncExternalStore } from "react";

let current: string | null = null;
const listeners = new Set<() => void>();

export function pointAtCandidate(poleId: string | null): void {
  if (current === poleId) return;
  current = poleId;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The pole to ring on the globe; null while the move list is closed. */
export function useMoveCandidate(): string | null {
  return useSyncExternalStore(subscribe, () => current);
}
