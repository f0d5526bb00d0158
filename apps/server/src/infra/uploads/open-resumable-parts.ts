/**
 * Opens the store of resumable uploads' parts that the configured storage calls for. Apart from
 * both stores, so each can name what they share (resumable-parts.ts) without naming the other.
 */
import path from "node:path";
import type { StorageConfig } from "../storage/create-storage";
import { fileParts, RESUMABLE_DIR, type ResumableParts } from "./resumable-parts";

/** The parts' store for the configured storage (the S3 one loads the AWS SDK only when used). */
export async function openResumableParts(storage: StorageConfig, tmpDir: string): Promise<ResumableParts> {
  if (storage.kind === "local") return fileParts(path.join(tmpDir, RESUMABLE_DIR));
  const { s3Parts } = await import("./s3-resumable-parts");
  return s3Parts(storage);
}
