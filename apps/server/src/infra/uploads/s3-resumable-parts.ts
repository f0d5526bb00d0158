/**
 * Resumable uploads' parts in the photo bucket (STORAGE=s3), kept by the tus S3 store under
 * `resumable/`: `<id>.info` (the upload's length and metadata), an S3 multipart upload at
 * `<id>` whose parts are the PATCHes' bytes in RESUMABLE_CHUNK_BYTES pieces (S3 wants 5 MiB but
 * for the last), and `<id>.part` for a PATCH's tail shorter than that, prepended to the next PATCH.
 * The last byte completes the multipart upload: `<id>` is then the whole file, copied to the
 * upload temp folder for the ingest and removed with the rest once the photo is processed.
 * Every instance reads the same objects (no per-process cache), so any of them may take a PATCH.
 */
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { S3Store, type MetadataValue } from "@tus/s3-store";
import type { KvStore } from "@tus/server";
import { RESUMABLE_CHUNK_BYTES } from "@poleatlas/shared";
import { named, s3ClientConfig, type S3StorageOptions } from "../storage/s3-storage";
import { storedIn, UPLOAD_ID, type PartsSwept, type ResumableParts } from "./resumable-parts";
import { writeTemp } from "./temp-files";

/** The key prefix of resumable uploads in the bucket (photos live under `utility-poles/`). */
export const RESUMABLE_PREFIX = "resumable/";

/** The upload id in a key under the prefix (`<id>`, `<id>.info`, `<id>.part`), else null. */
export function uploadIdOfKey(key: string): string | null {
  if (!key.startsWith(RESUMABLE_PREFIX)) return null;
  const id = key.slice(RESUMABLE_PREFIX.length).replace(/\.(info|part)$/, "");
  return UPLOAD_ID.test(id) ? id : null;
}

/** Nothing kept between requests: another instance may have moved the upload on meanwhile. */
const noCache: KvStore<MetadataValue> = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
};

/** S3Store whose termination also removes a PATCH's short tail (`<id>.part`), which its own leaves. */
class PartsS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.deleteIncompletePart(id);
  }
}

function keysOf(id: string): string[] {
  const key = `${RESUMABLE_PREFIX}${id}`;
  return [key, `${key}.info`, `${key}.part`];
}

async function deleteKeys(client: S3Client, bucket: string, keys: string[]): Promise<void> {
  await client.send(
    new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }),
  );
}

export function s3Parts(opts: S3StorageOptions): ResumableParts {
  const config = s3ClientConfig(opts);
  const client = new S3Client(config);
  const datastore = new PartsS3Store({
    // One S3 part per piece the web client sends (5 MiB, S3's smallest part but the last).
    partSize: RESUMABLE_CHUNK_BYTES,
    // Abandoned uploads are swept 24 h after their last byte (abandoned-uploads.ts), not on
    // S3Store's clock, which counts from creation and would cut off an upload still moving.
    expirationPeriodInMilliseconds: 0,
    useTags: false,
    cache: noCache,
    s3ClientConfig: { ...config, bucket: opts.bucket },
  });
  const storeId = (id: string) => `${RESUMABLE_PREFIX}${id}`;
  return {
    kind: "s3",
    datastore,
    storeId,
    uploadId: (key) => uploadIdOfKey(key) ?? key,
    stored: (id) => storedIn(datastore, storeId(id)),
    // A copy, not a move: a client whose last answer was lost may ask HEAD meanwhile and must hear
    // "complete"; the objects go once the outcome is recorded (remove).
    async copyTo(id, file, temp) {
      await writeTemp(temp, file, await datastore.read(storeId(id)));
    },
    async remove(id) {
      await deleteKeys(client, opts.bucket, keysOf(id));
    },
  };
}

/**
 * The abandoned uploads in the bucket: an upload whose newest object or part is older than
 * `cutoff` loses its multipart upload (aborted: S3 frees its parts), its `.info`, its `.part` and a
 * completed object nobody ingested (a process stopped mid-way). Resolves with the ids removed and
 * those still moving, which the caller keeps in the database.
 */
export async function sweepS3Parts(opts: S3StorageOptions, cutoff: number): Promise<PartsSwept> {
  const client = new S3Client(s3ClientConfig(opts));
  try {
    return await sweepWith(client, opts.bucket, cutoff);
  } finally {
    client.destroy();
  }
}

async function sweepWith(client: S3Client, Bucket: string, cutoff: number): Promise<PartsSwept> {
  const latest = new Map<string, number>();
  const seen = (id: string, at: Date | undefined) =>
    latest.set(id, Math.max(latest.get(id) ?? 0, at?.getTime() ?? 0));

  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket, Prefix: RESUMABLE_PREFIX, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) {
      const id = o.Key ? uploadIdOfKey(o.Key) : null;
      if (id) seen(id, o.LastModified);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);

  const multipart: { id: string; key: string; uploadId: string }[] = [];
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  for (;;) {
    const page = await client.send(
      new ListMultipartUploadsCommand({
        Bucket,
        Prefix: RESUMABLE_PREFIX,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      }),
    );
    for (const u of page.Uploads ?? []) {
      const id = u.Key ? uploadIdOfKey(u.Key) : null;
      if (!id || !u.Key || !u.UploadId) continue;
      seen(id, u.Initiated);
      multipart.push({ id, key: u.Key, uploadId: u.UploadId });
    }
    if (!page.IsTruncated) break;
    keyMarker = page.NextKeyMarker;
    uploadIdMarker = page.NextUploadIdMarker;
  }
  // A PATCH's bytes land as parts: their times count only for uploads that look old so far.
  for (const m of multipart) {
    if ((latest.get(m.id) ?? 0) >= cutoff) continue;
    let marker: string | undefined;
    do {
      const page = await client
        .send(new ListPartsCommand({ Bucket, Key: m.key, UploadId: m.uploadId, PartNumberMarker: marker }))
        .catch((err: unknown) => {
          if (named(err, "NoSuchUpload", "NoSuchKey")) return null; // completed or aborted meanwhile
          throw err;
        });
      for (const p of page?.Parts ?? []) seen(m.id, p.LastModified);
      marker = page?.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
  }

  const alive = new Set<string>();
  const removed = new Set<string>();
  for (const [id, at] of latest) {
    if (at >= cutoff) {
      alive.add(id);
      continue;
    }
    for (const m of multipart.filter((u) => u.id === id)) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key: m.key, UploadId: m.uploadId }))
        .catch((err: unknown) => {
          if (!named(err, "NoSuchUpload", "NoSuchKey")) throw err;
        });
    }
    await deleteKeys(client, Bucket, keysOf(id));
    removed.add(id);
  }
  return { alive, removed };
}
