import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertSafeKey, bucketMissing, ObjectExistsError, type Storage } from "./storage";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Unset → AWS itself. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset → the SDK's default chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** "redirect": 302 to a signed URL (bytes bypass us); "proxy": we stream the object. */
  serveMode: "redirect" | "proxy";
  signedUrlSeconds: number;
}

const status = (err: unknown) =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
/** Whether an AWS SDK error is one of these S3 error names. */
export const named = (err: unknown, ...names: string[]) => err instanceof Error && names.includes(err.name);
const isNoSuchBucket = (err: unknown) => named(err, "NoSuchBucket");
const isNotFound = (err: unknown) => named(err, "NotFound", "NoSuchKey") || status(err) === 404;

/** The client settings every S3 client of ours uses (photos and resumable uploads' parts). */
export function s3ClientConfig(opts: S3StorageOptions): S3ClientConfig {
  return {
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
    // Newer SDKs add CRC checksums to every upload by default; several S3-compatible servers
    // then store streamed bodies corrupted (seen with s3rver). Only checksum when an API demands it.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

export function createS3Storage(opts: S3StorageOptions): Storage {
  const client = new S3Client(s3ClientConfig(opts));
  const Bucket = opts.bucket;

  async function headBucket(): Promise<void> {
    try {
      await client.send(new HeadBucketCommand({ Bucket }));
    } catch (err) {
      if (isNotFound(err) || isNoSuchBucket(err)) throw bucketMissing();
      throw err;
    }
  }

  return {
    kind: "s3",

    // The bucket is the operator's to create; both only look.
    ensureBucket: headBucket,
    checkBucket: headBucket,

    async put(key, sourcePath, contentType) {
      assertSafeKey(key);
      // Keys hold a fresh UUID, so a clash means a bug: check rather than rely on conditional
      // writes (If-None-Match), which not every S3-compatible server implements.
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        throw new ObjectExistsError(key);
      } catch (err) {
        if (err instanceof ObjectExistsError) throw err;
        if (!isNotFound(err)) throw err;
        // 404 on HEAD is either "no such key" (what we want) or "no such bucket".
        await headBucket();
      }
      const { size } = await stat(sourcePath);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(sourcePath),
            ContentLength: size,
            ContentType: contentType,
            CacheControl: "private, no-cache",
          }),
        );
      } catch (err) {
        if (isNoSuchBucket(err)) throw bucketMissing();
        throw err;
      }
    },

    async read(key) {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return (res.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isNotFound(err)) return null;
        if (isNoSuchBucket(err)) throw bucketMissing();
        throw err;
      }
    },

    async serve(key, { contentType, cacheControl, disposition }) {
      assertSafeKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: contentType,
        ResponseCacheControl: cacheControl,
        ...(disposition ? { ResponseContentDisposition: disposition } : {}),
      });
      if (opts.serveMode === "redirect") {
        return {
          kind: "redirect",
          url: await getSignedUrl(client, command, { expiresIn: opts.signedUrlSeconds }),
        };
      }
      try {
        const res = await client.send(command);
        if (!res.Body) return null;
        // The store's own ETag; size and time where an S3-compatible store sends none.
        const etag = res.ETag ?? `W/"${res.ContentLength ?? 0}-${res.LastModified?.getTime() ?? 0}"`;
        return { kind: "stream", body: res.Body as Readable, size: res.ContentLength ?? 0, etag };
      } catch (err) {
        if (isNotFound(err)) return null;
        if (isNoSuchBucket(err)) throw bucketMissing();
        throw err;
      }
    },

    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        let page;
        try {
          page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        } catch (err) {
          if (isNoSuchBucket(err) || isNotFound(err)) throw bucketMissing();
          throw err;
        }
        for (const o of page.Contents ?? []) {
          if (o.Key) yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async delete(key) {
      assertSafeKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (isNoSuchBucket(err)) throw bucketMissing();
        throw err;
      }
    },
  };
}
