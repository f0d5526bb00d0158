/**
 * Where photo files live. Two implementations: a local folder (default) and any S3-compatible
 * object store. Keys look like `utility-poles/{userId}/{uuid}.jpg` inside the bucket.
 */
import type { Readable } from "node:stream";
import { messages } from "@poleatlas/shared";
import { AppError } from "../../errors";

/**
 * How a stored file reaches the browser: streamed by us, or a redirect to a short-lived URL. A
 * stream carries an ETag that changes with the stored bytes, so the browser revalidates its copy
 * (and the owner check runs) on every use instead of keeping it for a fixed time.
 */
export type ServedObject =
  { kind: "stream"; body: Readable; size: number; etag: string } | { kind: "redirect"; url: string };

export interface ServeOptions {
  contentType: string;
  cacheControl: string;
  /** A Content-Disposition for the answer (a download's name); none: shown inline. */
  disposition?: string;
}

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface Storage {
  readonly kind: "local" | "s3";
  /** Makes sure the bucket is there (the local one is created); throws bucketMissing otherwise. */
  ensureBucket(): Promise<void>;
  /** Read-only: throws bucketMissing when the bucket is not there; never creates anything (readiness). */
  checkBucket(): Promise<void>;
  /** Stores the file at `sourcePath` under `key`. Never overwrites: an existing key is an error. */
  put(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** The object for a GET, or null when there is none. */
  serve(key: string, opts: ServeOptions): Promise<ServedObject | null>;
  /** The stored bytes, for the server's own use (a manual blur); null when the key is missing. */
  read(key: string): Promise<Readable | null>;
  /** Every object whose key starts with `prefix` (orphan sweeps, backups). */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

export const bucketMissing = () => new AppError(503, "bucket_missing", messages.bucketMissing);

export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`Refusing to overwrite the stored object ${key}`);
    this.name = "ObjectExistsError";
  }
}

/** Keys are ours (user id + uuid), but check anyway: nothing may escape the bucket. */
export function assertSafeKey(key: string): void {
  const ok =
    /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) && !key.split("/").some((p) => p === "." || p === "..");
  if (!ok) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}
