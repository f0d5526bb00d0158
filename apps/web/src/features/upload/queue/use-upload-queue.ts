/**
 * The upload queue in the app: one per page (IndexedDB where the browser has it), sent again
 * when the page opens, as soon as the server can be reached again (the browser back online, or
 * the health probe getting through: lib/offline/connectivity.ts), and every 30 s while something
 * waits (a busy server); these automatic sends are at least MIN_AUTO_SEND_GAP_MS apart.
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { onReconnect } from "../../../lib/offline/connectivity";
import { uploadResumable } from "../api/resumable-upload";
import { indexedDbQueueStore, memoryQueueStore } from "./queue-store";
import { createUploadQueue, type RunAlone, type SendFile } from "./upload-queue";

export const RETRY_EVERY_MS = 30_000;

/** The Web Locks API where the browser has it: one tab sends the queue at a time. */
const runAloneAmongTabs: RunAlone = async (work) => {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return work();
  return navigator.locks.request("poleatlas-upload-queue", { ifAvailable: true }, (lock) =>
    lock ? work() : undefined,
  );
};

export const uploadQueue = createUploadQueue(
  typeof indexedDB === "undefined" ? memoryQueueStore() : indexedDbQueueStore,
  runAloneAmongTabs,
);

// Resumable: a photo sent again goes on from where its last try left off (the URL kept in its
// entry); one whose bytes all arrived before is only asked what it became.
const send: SendFile = (file, meantFor, resume) =>
  uploadResumable(file, {
    meantFor,
    uploadUrl: resume.uploadUrl,
    onUploadUrl: resume.keepUploadUrl,
    // No retries inside a try: the queue tries again itself (reconnect, timer), from the URL kept.
    retryDelays: [],
  });

/**
 * The caller's queue in the active workspace; `owner` null (not known yet) queues nothing. With
 * the workspace not known (its answer not there offline), the user's entries are still listed
 * from IndexedDB, and sent once it is known. `onSent` runs after photos arrived (to refresh the
 * map and the usage).
 */
export function useUploadQueue(
  owner: { userId: string; workspaceId: string | null } | null,
  onSent: () => void,
) {
  const all = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.snapshot);
  const userId = owner?.userId;
  const workspaceId = owner?.workspaceId;
  const entries = useMemo(
    () => all.filter((e) => e.userId === userId && (workspaceId === null || e.workspaceId === workspaceId)),
    [all, userId, workspaceId],
  );
  const waiting = entries.filter((e) => e.state === "waiting").length;

  /** Retry: at once. */
  const sendNow = useCallback(async () => {
    if (!userId || !workspaceId) return;
    const sent = await uploadQueue.drain({ userId, workspaceId }, send);
    if (sent > 0) onSent();
  }, [userId, workspaceId, onSent]);
  /** By itself: kept a few seconds apart, so a flaky connection is not hammered. */
  const sendSoon = useCallback(async () => {
    if (!userId || !workspaceId) return;
    const sent = await uploadQueue.drainSoon({ userId, workspaceId }, send);
    if (sent > 0) onSent();
  }, [userId, workspaceId, onSent]);

  useEffect(() => {
    if (userId) void uploadQueue.load();
  }, [userId]);

  useEffect(() => {
    if (!userId || !workspaceId) return;
    void uploadQueue.load().then(sendSoon);
    return onReconnect(() => void sendSoon());
  }, [userId, workspaceId, sendSoon]);

  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(() => void sendSoon(), RETRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, sendSoon]);

  const enqueue = useCallback(
    async (file: File, uploadUrl: string | null = null): Promise<boolean> => {
      if (!userId || !workspaceId) return false;
      try {
        await uploadQueue.enqueue(file, { userId, workspaceId }, uploadUrl);
        return true;
      } catch (e) {
        console.error("Could not keep the photo for later", e);
        return false;
      }
    },
    [userId, workspaceId],
  );

  return { entries, waiting, enqueue, sendNow, remove: uploadQueue.remove };
}
