/**
 * The upload temp folder: request bodies and thumbnails live here until they are stored. The
 * folder is 0700 and each file 0600 (photos of infrastructure must not be readable by other
 * accounts on the machine); names start `upload-` or `thumb-`, which the start-up sweep of
 * interrupted uploads (modules/images/stale-uploads.ts) relies on.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream, openAsBlob } from "node:fs";
import { chmod, mkdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";

export type TempKind = "upload" | "thumb";

export interface TempFiles {
  /** A fresh path in the folder (created on first use); nothing is written yet. */
  newPath(kind: TempKind): Promise<string>;
  /** A new file at `file` (0600); fails when it exists. */
  createWriteStream(file: string): Writable;
  size(file: string): Promise<number>;
  /** The file as a Blob that reads lazily (the EXIF reader takes a few KB of it). */
  openBlob(file: string): Promise<Blob>;
  /** Removes the file; a missing one is no error. */
  remove(file: string): Promise<void>;
}

export const TEMP_DIR_MODE = 0o700;
export const TEMP_FILE_MODE = 0o600;

export function createTempFiles(dir: string): TempFiles {
  let ready: Promise<void> | null = null;
  const ensureDir = () => {
    ready ??= (async () => {
      await mkdir(dir, { recursive: true, mode: TEMP_DIR_MODE });
      // mkdir leaves an existing folder's mode alone (and applies the umask): set it.
      await chmod(dir, TEMP_DIR_MODE);
    })().catch((err: unknown) => {
      ready = null; // try again on the next upload
      throw err;
    });
    return ready;
  };
  return {
    async newPath(kind) {
      await ensureDir();
      return path.join(dir, `${kind}-${randomUUID()}`);
    },
    createWriteStream: (file) => createWriteStream(file, { flags: "wx", mode: TEMP_FILE_MODE }),
    size: async (file) => (await stat(file)).size,
    openBlob: (file) => openAsBlob(file),
    async remove(file) {
      await unlink(file).catch((err: unknown) => {
        if (typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT") return;
        throw err;
      });
    },
  };
}
