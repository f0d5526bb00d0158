/**
 * An S3-protocol server (s3rver) on 127.0.0.1 for tests, with its own temporary folder.
 * Credentials are s3rver's fixed pair; signatures are checked like a real server does.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { freePort } from "../../src/infra/db/embedded-postgres";
import type { S3StorageOptions } from "../../src/infra/storage/s3-storage";

export interface TestS3 {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Options for createS3Storage against this server (proxy serving unless overridden). */
  storageOptions(over?: Partial<S3StorageOptions>): S3StorageOptions;
  /** Env for buildTestApp: STORAGE=s3 against this server. */
  env(bucket?: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3(buckets: string[] = ["utility-poles"]): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "poleatlas-s3rver-"));
  const port = await freePort();
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    storageOptions: (over = {}) => ({
      bucket: buckets[0] ?? "utility-poles",
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      serveMode: "proxy",
      signedUrlSeconds: 60,
      ...over,
    }),
    env: (bucket = buckets[0] ?? "utility-poles") => ({
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
