/**
 * Where a resumable upload's bytes wait until the last one lands: with STORAGE=local the tus file
 * store in the upload temp folder (`tmp/resumable/<id>`, one server); with STORAGE=s3 the tus S3
 * store in the photo bucket under `resumable/`, so a PATCH that reaches another instance behind
 * the same address finds what the earlier ones sent (s3-resumable-parts.ts). What both stores
 * offer is here; open-resumable-parts.ts picks one.
 */
import { link, unlink } from "node:fs/promises";
import path from "node:path";
import type { DataStore, Upload } from "@tus/server";
import { PrivateFileStore } from "./private-file-store";
import type { TempFiles } from "./temp-files";

/** An upload id as @tus/server is given it (randomUUID): anything else names no upload. */
export const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The folder of partial uploads inside the upload temp folder (STORAGE=local). */
export const RESUMABLE_DIR = "resumable";

export type UploadMetadata = Record<string, string | null | undefined>;

/** What the tus store knows of an upload: its length and how much has arrived. */
export interface StoredPart {
  size?: number;
  offset: number;
  metadata?: UploadMetadata;
}

/** What a sweep of abandoned parts found: the uploads still moving, and those it removed. */
export interface PartsSwept {
  alive: Set<string>;
  removed: Set<string>;
}

export interface ResumableParts {
  readonly kind: "local" | "s3";
  /** The tus store @tus/server writes to. */
  readonly datastore: DataStore;
  /** The store's id of an upload (its S3 key, `resumable/<id>`, or its file name). */
  storeId(uploadId: string): string;
  /** The upload id in a store id (the one in the URL and the database). */
  uploadId(storeId: string): string;
  /** The store's view of an upload, null when it has none (or it was removed). */
  stored(uploadId: string): Promise<StoredPart | null>;
  /** Puts the complete upload's bytes at `file`, a fresh path of `temp`. */
  copyTo(uploadId: string, file: string, temp: TempFiles): Promise<void>;
  /** Removes everything the store holds of the upload; nothing there is no error. */
  remove(uploadId: string): Promise<void>;
}

/** What the store says of `storeId`, null when it has none. */
export async function storedIn(datastore: DataStore, storeId: string): Promise<StoredPart | null> {
  try {
    const u: Upload = await datastore.getUpload(storeId);
    return { size: u.size, offset: u.offset, metadata: u.metadata ?? {} };
  } catch {
    return null;
  }
}

/** The tus file store in `dir` (0700): the bytes in `<id>`, the description in `<id>.json` (0600). */
export function fileParts(dir: string): ResumableParts {
  const datastore = new PrivateFileStore({ directory: dir });
  return {
    kind: "local",
    datastore,
    storeId: (id) => id,
    uploadId: (storeId) => storeId,
    stored: (id) => storedIn(datastore, id),
    // A second name for the same bytes, not a move: while the ingest runs, a client whose last
    // answer was lost asks HEAD and must hear "complete", not "gone".
    copyTo: (id, file) => link(path.join(dir, id), file),
    async remove(id) {
      for (const file of [path.join(dir, id), path.join(dir, `${id}.json`)]) {
        await unlink(file).catch(() => {}); // removed already, or never written
      }
    },
  };
}
