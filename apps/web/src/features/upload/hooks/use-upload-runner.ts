/**
 * Sends files over the resumable protocol (api/resumable-upload.ts), a few at a time, each with
 * its own progress and result. One file's failure never stops the others. A dropped link is tried
 * again at once from the last piece that arrived; a file that still cannot get through keeps its
 * upload URL, so the queue (or the next 'Upload Images') resumes it there. Requests still running
 * when the dialog unmounts (the user left the page) are aborted, and the partial uploads nobody
 * will resume (the files forgotten, or the page left) are given up on the server at once, so their
 * bytes stop holding the workspace's quota.
 */
import { messages, type ImageRecord } from "@poleatlas/shared";
import type { WaitingPhoto } from "../../poles";
import { useCallback, useEffect, useRef, type Dispatch } from "react";
import { ApiError } from "../../../lib/api-client";
import { discardUpload, uploadResumable } from "../api/resumable-upload";
import { runPool } from "../utils/upload-checks";
import type { ItemsAction, UploadItem } from "./upload-items-reducer";

/** Parallel uploads: enough to hide latency, few enough not to starve each other's progress. */
export const UPLOAD_CONCURRENCY = 3;

/**
 * Waits before the dialog's own tries again after a dropped piece (each resumes where the server's
 * bytes end). Short: a blip is bridged while the user watches; a link that stays down hands the
 * file to the queue, which tries again on reconnect from the same URL.
 */
export const DIALOG_RETRY_DELAYS_MS = [0, 1000, 3000];

export interface UploadRunResult {
  uploaded: ImageRecord[];
  /** Of those, the photos the pole rule could not place (in selection order). */
  waiting: WaitingPhoto[];
  failedCount: number;
  /** Files the server had stored before (answered as duplicates): nothing new was added. */
  duplicateCount: number;
}

/**
 * Keeps a file for a later upload when there is no connection; true when it was kept. The upload
 * URL (null: none created yet) lets the later upload resume from the last piece that arrived.
 * Without it (or when it cannot keep the file) a network failure is a failure as before.
 */
export type KeepForLater = (file: File, uploadUrl: string | null) => Promise<boolean>;

const noConnection = (err: unknown) => err instanceof ApiError && err.status === 0;
const refused = (err: unknown) =>
  !(err instanceof ApiError) || (err.status >= 400 && err.status < 500 && err.status !== 429);

export function useUploadRunner(dispatch: Dispatch<ItemsAction>, keepForLater?: KeepForLater) {
  const controllers = useRef(new Set<AbortController>());
  // Each item's upload URL while its bytes may still be resumed there (by item id).
  const uploadUrls = useRef(new Map<string, string>());

  /** Gives up every partial upload the dialog still keeps for a resume. */
  const discard = useCallback(() => {
    for (const url of uploadUrls.current.values()) void discardUpload(url);
    uploadUrls.current.clear();
  }, []);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) controller.abort();
      discard();
    };
  }, [discard]);

  const run = useCallback(
    async (items: readonly UploadItem[]): Promise<UploadRunResult> => {
      dispatch({ type: "uploadStarted", ids: items.map((i) => i.id) });
      // Kept in selection order whatever order the uploads finish in.
      const results: (ImageRecord | null)[] = items.map(() => null);
      const asked: (WaitingPhoto | null)[] = items.map(() => null);
      let failedCount = 0;
      let duplicateCount = 0;
      await runPool(
        items.map((item, index) => ({ item, index })),
        UPLOAD_CONCURRENCY,
        async ({ item, index }) => {
          const controller = new AbortController();
          controllers.current.add(controller);
          let shown = 0;
          try {
            // Offline: do not even try; the queue sends it when the browser is back online.
            if (keepForLater && navigator.onLine === false)
              throw new ApiError(0, "offline", messages.uploadFailed);
            const { image, duplicate, candidates } = await uploadResumable(item.file, {
              signal: controller.signal,
              uploadUrl: uploadUrls.current.get(item.id) ?? null,
              onUploadUrl: (url) => void uploadUrls.current.set(item.id, url),
              retryDelays: DIALOG_RETRY_DELAYS_MS,
              onProgress: (fraction) => {
                const percent = Math.floor(fraction * 100);
                if (percent === shown) return; // whole percents only: fewer renders
                shown = percent;
                dispatch({ type: "progress", id: item.id, progress: percent });
              },
            });
            uploadUrls.current.delete(item.id);
            results[index] = image;
            if (candidates && image.pole_id === null) asked[index] = { image, candidates };
            if (duplicate) duplicateCount += 1;
            dispatch({ type: "uploaded", id: item.id, image, duplicate });
          } catch (err) {
            const uploadUrl = uploadUrls.current.get(item.id) ?? null;
            // A refusal (4xx) is the server's last word on that upload: a retry starts a new one.
            // Otherwise the partial upload, which holds its bytes against the quota, is resumed.
            if (refused(err)) uploadUrls.current.delete(item.id);
            const keep = keepForLater && noConnection(err) && !controller.signal.aborted;
            if (keep && (await keepForLater(item.file, uploadUrl))) {
              uploadUrls.current.delete(item.id);
              dispatch({ type: "queued", id: item.id });
              return;
            }
            failedCount += 1;
            // Only our own errors carry a text meant for users; anything else gets the spec's fallback.
            const message = err instanceof ApiError ? err.message : messages.uploadFailed;
            dispatch({ type: "uploadFailed", id: item.id, message });
          } finally {
            controllers.current.delete(controller);
          }
        },
      );
      const uploaded = results.filter((r): r is ImageRecord => r !== null);
      const waiting = asked.filter((w): w is WaitingPhoto => w !== null);
      return { uploaded, waiting, failedCount, duplicateCount };
    },
    [dispatch, keepForLater],
  );
  return { run, discard };
}
