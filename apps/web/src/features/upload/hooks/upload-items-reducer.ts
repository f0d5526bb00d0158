/** State of the files in the upload dialog: one item per selected file, read → upload → result. */
import type { ImageRecord } from "@poleatlas/shared";
import type { PhotoReading } from "@poleatlas/shared/exif";

export type ReadState = "pending" | "ready" | "failed";
/** `queued`: no connection; kept in the upload queue, sent later. */
export type UploadStatus = "idle" | "uploading" | "done" | "failed" | "queued";

export interface UploadItem {
  id: string;
  file: File;
  /** Object URL for the thumbnail; revoked by useUploadItems when the item goes away. */
  previewUrl: string;
  readState: ReadState;
  reading: PhotoReading | null;
  status: UploadStatus;
  /** 0–100 */
  progress: number;
  error: string | null;
  image: ImageRecord | null;
  /** The server had these bytes already: the photo is the one stored before. */
  duplicate?: boolean;
}

export interface ReadingResult {
  id: string;
  reading: PhotoReading | null;
}

export type ItemsAction =
  | { type: "add"; items: UploadItem[] }
  | { type: "remove"; id: string }
  | { type: "reset" }
  | { type: "readings"; results: ReadingResult[] }
  | { type: "uploadStarted"; ids: string[] }
  | { type: "progress"; id: string; progress: number }
  | { type: "uploaded"; id: string; image: ImageRecord; duplicate: boolean }
  | { type: "uploadFailed"; id: string; message: string }
  | { type: "queued"; id: string };

/** Replaces only the touched items so memoised cards of the others do not re-render. */
function patch(items: UploadItem[], id: string, change: Partial<UploadItem>): UploadItem[] {
  return items.map((item) => (item.id === id ? { ...item, ...change } : item));
}

export function itemsReducer(items: UploadItem[], action: ItemsAction): UploadItem[] {
  switch (action.type) {
    case "add":
      return [...items, ...action.items];
    case "remove":
      return items.filter((item) => item.id !== action.id);
    case "reset":
      return [];
    case "readings": {
      const byId = new Map(action.results.map((r) => [r.id, r.reading]));
      return items.map((item) => {
        if (!byId.has(item.id)) return item;
        const reading = byId.get(item.id) ?? null;
        return { ...item, reading, readState: reading ? "ready" : "failed" };
      });
    }
    case "uploadStarted": {
      const ids = new Set(action.ids);
      return items.map((item) =>
        ids.has(item.id) ? { ...item, status: "uploading", progress: 0, error: null } : item,
      );
    }
    case "progress":
      return patch(items, action.id, { progress: action.progress });
    case "uploaded":
      return patch(items, action.id, {
        status: "done",
        progress: 100,
        image: action.image,
        duplicate: action.duplicate,
      });
    case "uploadFailed":
      return patch(items, action.id, { status: "failed", error: action.message });
    case "queued":
      return patch(items, action.id, { status: "queued", progress: 0, error: null });
  }
}
