/**
 * One EventSource per tab on GET /api/events for the workspace on screen: each change makes
 * exactly its queries stale (live-invalidation.ts), so an open panel, the markers and the region
 * counts follow a teammate's change within about a second. EventSource reconnects by itself and
 * the server replays what it missed (Last-Event-ID); `reset` (events were lost) reads everything
 * again. A stream the server refuses (signed out, no longer a member) is opened afresh after a
 * while, reading everything again once it is back: the fallback while live updates are down.
 */
import {
  removedEventSchema,
  WORKSPACE_EVENT_TYPES,
  workspaceEventSchema,
  type RemovedEvent,
} from "@poleatlas/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { invalidateFor } from "./live-invalidation";
import { onRemovedNotice, removedNotice, showRemoved } from "./removed-notice";

/** How soon a closed stream is opened again (EventSource retries dropped ones itself). */
const REOPEN_MS = 30_000;

const parse = (data: unknown) => {
  try {
    return JSON.parse(String(data)) as unknown;
  } catch {
    return null;
  }
};

/** Follows the workspace's changes while `workspaceId` is set; says when the user was removed. */
export function useLiveUpdates(workspaceId: string | null): {
  removed: RemovedEvent | null;
  dismiss: () => void;
} {
  const queryClient = useQueryClient();
  const removed = useSyncExternalStore(onRemovedNotice, removedNotice);
  useEffect(() => {
    if (!workspaceId || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let missedSome = false;
    const open = () => {
      source = new EventSource(`/api/events?workspace=${encodeURIComponent(workspaceId)}`, {
        withCredentials: true,
      });
      source.onopen = () => {
        // Opened afresh after being closed: nothing replays what happened meanwhile.
        if (missedSome) void queryClient.invalidateQueries();
        missedSome = false;
      };
      for (const type of WORKSPACE_EVENT_TYPES) {
        source.addEventListener(type, (e: MessageEvent) => {
          const event = workspaceEventSchema.safeParse(parse(e.data));
          if (event.success) invalidateFor(queryClient, event.data);
        });
      }
      source.addEventListener("reset", () => void queryClient.invalidateQueries());
      source.addEventListener("removed", (e: MessageEvent) => {
        const body = removedEventSchema.safeParse(parse(e.data));
        source?.close();
        if (body.success) showRemoved(body.data);
        // The server now answers in the user's own workspace: everything on screen reads again.
        void queryClient.invalidateQueries();
      });
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        missedSome = true;
        reopen = setTimeout(open, REOPEN_MS);
      };
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [workspaceId, queryClient]);
  return { removed, dismiss: () => showRemoved(null) };
}
