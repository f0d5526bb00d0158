/**
 * The dialog's selected files: thumbnails as object URLs (revoked when an item goes away) and
 * EXIF read with the shared reader (loaded on first use) in small batches, yielding to the browser between batches so
 * hundreds of files never freeze the page; each batch's cards appear as soon as it is read.
 */
import type { PhotoReading } from "@poleatlas/shared/exif";
import { useCallback, useEffect, useReducer, useRef, type Dispatch } from "react";
import { itemsReducer, type ItemsAction, type ReadingResult, type UploadItem } from "./upload-items-reducer";

/** Files read together before the browser gets a turn (reading a file costs about a millisecond). */
export const READ_BATCH_SIZE = 8;
/** A reader that never answers must not hold the queue: after this the file counts as unreadable. */
const READ_TIMEOUT_MS = 15_000;

let lastId = 0;
const nextId = () => `upload-${++lastId}`;

/**
 * The EXIF reader (exifr) is a chunk of its own, fetched when the upload dialog opens (not with
 * the map): a crew that opens the dialog and then walks into a dead zone can still read photos.
 */
const loadReader = () => import("@poleatlas/shared/exif").then((m) => m.readPhotoMetadata);

/** Fetches the reader ahead of the first photo; a failure here is retried when a photo is read. */
export const prefetchReader = () => void loadReader().catch(() => {});

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function readOne(file: File): Promise<PhotoReading | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READ_TIMEOUT_MS);
  });
  try {
    const reading = loadReader().then((read) => read(file, { lastModified: file.lastModified }));
    return await Promise.race([reading, timeout]);
  } catch (err) {
    // Unreadable metadata is not fatal: the card warns, and the server decides on the bytes.
    console.warn(`Could not read metadata of ${file.name}`, err);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export interface UploadItems {
  items: UploadItem[];
  dispatch: Dispatch<ItemsAction>;
  addFiles: (files: readonly File[]) => void;
  remove: (id: string) => void;
  reset: () => void;
}

export function useUploadItems(): UploadItems {
  const [items, dispatch] = useReducer(itemsReducer, []);
  const urls = useRef(new Map<string, string>());
  // Bumped on reset/unmount so reads still in flight for a forgotten selection are dropped.
  const generation = useRef(0);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const readInBatches = useCallback(async (added: UploadItem[], gen: number) => {
    for (let start = 0; start < added.length; start += READ_BATCH_SIZE) {
      if (generation.current !== gen) return;
      const batch = added.slice(start, start + READ_BATCH_SIZE);
      const results: ReadingResult[] = await Promise.all(
        batch.map(async (item) => ({ id: item.id, reading: await readOne(item.file) })),
      );
      if (generation.current !== gen) return;
      dispatch({ type: "readings", results });
      await yieldToBrowser();
    }
  }, []);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const added: UploadItem[] = files.map((file) => {
        const id = nextId();
        const previewUrl = URL.createObjectURL(file);
        urls.current.set(id, previewUrl);
        return {
          id,
          file,
          previewUrl,
          readState: "pending",
          reading: null,
          status: "idle",
          progress: 0,
          error: null,
          image: null,
        };
      });
      dispatch({ type: "add", items: added });
      const gen = generation.current;
      // One reader at a time, in the order files arrived.
      queue.current = queue.current.then(() => readInBatches(added, gen));
    },
    [readInBatches],
  );

  const remove = useCallback((id: string) => {
    const url = urls.current.get(id);
    if (url) URL.revokeObjectURL(url);
    urls.current.delete(id);
    dispatch({ type: "remove", id });
  }, []);

  const revokeAll = useCallback(() => {
    generation.current += 1;
    for (const url of urls.current.values()) URL.revokeObjectURL(url);
    urls.current.clear();
    queue.current = Promise.resolve();
  }, []);

  const reset = useCallback(() => {
    revokeAll();
    dispatch({ type: "reset" });
  }, [revokeAll]);

  useEffect(() => revokeAll, [revokeAll]);

  return { items, dispatch, addFiles, remove, reset };
}
