/**
 * Sends files to POST /api/images, a few at a time, each with its own progress and result.
 * One file's failure never stops the others. Requests still running when the dialog unmounts
 * (the user left the page) are aborted.
 */
import { messages, type ImageRecord } from "@poleatlas/shared";
import { useCallback, useEffect, useRef, type Dispatch } from "react";
import { ApiError } from "../../../lib/api-client";
import { uploadImage } from "../api/upload-image";
import { runPool } from "../utils/upload-checks";
import type { ItemsAction, UploadItem } from "./upload-items-reducer";

/** Parallel uploads: enough to hide latency, few enough not to starve each other's progress. */
export const UPLOAD_CONCURRENCY = 3;

export interface UploadRunResult {
  uploaded: ImageRecord[];
  failedCount: number;
  /** Files the server had stored before (answered as duplicates): nothing new was added. */
  duplicateCount: number;
}

/**
 * Keeps a file for a later upload when there is no connection; true when it was kept. Without
 * it (or when it cannot keep the file) a network failure is a failure as before.
 */
export type KeepForLater = (file: File) => Promise<boolean>;

const noConnection = (err: unknown) => err instanceof ApiError && err.status === 0;

export function useUploadRunner(dispatch: Dispatch<ItemsAction>, keepForLater?: KeepForLater) {
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) controller.abort();
    };
  }, []);

  return useCallback(
    async (items: readonly UploadItem[]): Promise<UploadRunResult> => {
      dispatch({ type: "uploadStarted", ids: items.map((i) => i.id) });
      // Kept in selection order whatever order the uploads finish in.
      const results: (ImageRecord | null)[] = items.map(() => null);
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
            const { image, duplicate } = await uploadImage(item.file, {
              signal: controller.signal,
              onProgress: (fraction) => {
                const percent = Math.floor(fraction * 100);
                if (percent === shown) return; // whole percents only: fewer renders
                shown = percent;
                dispatch({ type: "progress", id: item.id, progress: percent });
              },
            });
            results[index] = image;
            if (duplicate) duplicateCount += 1;
            dispatch({ type: "uploaded", id: item.id, image, duplicate });
          } catch (err) {
            const keep = keepForLater && noConnection(err) && !controller.signal.aborted;
            if (keep && (await keepForLater(item.file))) {
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
      return { uploaded, failedCount, duplicateCount };
    },
    [dispatch, keepForLater],
  );
}
