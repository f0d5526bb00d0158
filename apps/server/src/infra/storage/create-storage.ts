import { createLocalStorage } from "./local-storage";
import type { S3StorageOptions } from "./s3-storage";
import type { Storage } from "./storage";

export type StorageConfig =
  { kind: "local"; rootDir: string; bucket: string } | ({ kind: "s3" } & S3StorageOptions);

/**
 * The configured storage. The S3 module and the AWS SDK (~100 ms to load, a twentieth of a fresh
 * start: docs/benchmarks.md "Start-up") are loaded only when S3 is configured.
 */
export async function openStorage(config: StorageConfig): Promise<Storage> {
  if (config.kind === "local") return createLocalStorage(config);
  const { createS3Storage } = await import("./s3-storage");
  return createS3Storage(config);
}
