import { createLocalStorage } from "./local-storage";
import { createS3Storage, type S3StorageOptions } from "./s3-storage";
import type { Storage } from "./storage";

export type StorageConfig =
  { kind: "local"; rootDir: string; bucket: string } | ({ kind: "s3" } & S3StorageOptions);

export function createStorage(config: StorageConfig): Storage {
  return config.kind === "s3" ? createS3Storage(config) : createLocalStorage(config);
}
