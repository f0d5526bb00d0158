/**
 * Resumable uploads (the tus protocol, 1.0.0) at RESUMABLE_UPLOAD_PATH: the browser sends a photo
 * in RESUMABLE_CHUNK_BYTES pieces, so a dropped link resumes from the last piece that arrived.
 * Once the last byte has landed, GET RESUMABLE_UPLOAD_PATH/:id answers what POST /api/images
 * would have: the photo (or the photo already stored, `duplicate`), or its error.
 */
import { z } from "zod";
import { imageUploadResponseSchema } from "./schemas";

export const RESUMABLE_UPLOAD_PATH = "/api/uploads";
/** 5 MiB: a dropped link costs at most this much sent again. */
export const RESUMABLE_CHUNK_BYTES = 5 * 1024 * 1024;
/** A partial upload that received nothing for this long is removed (and its quota freed). */
export const RESUMABLE_KEEP_MS = 24 * 3600 * 1000;

/** The Upload-Metadata keys a creation carries (filename and filetype are required). */
export const RESUMABLE_METADATA_KEYS = [
  "filename",
  "filetype",
  "lastModified",
  "timezoneOffset",
  "workspaceId",
  "uploaderId",
] as const;

export const resumableUploadParamsSchema = z.object({ id: z.uuid() });
/** GET /api/uploads/:id once complete: the same answer as POST /api/images. */
export const resumableUploadResultSchema = imageUploadResponseSchema;
export type ResumableUploadResult = z.infer<typeof resumableUploadResultSchema>;

/** The upload's id: the last segment of the Location a creation answered. */
export const resumableUploadId = (url: string): string | null =>
  /\/api\/uploads\/([0-9a-f-]{36})$/i.exec(url)?.[1] ?? null;
