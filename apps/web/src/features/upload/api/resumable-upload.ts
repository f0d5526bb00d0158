/**
 * A photo over the tus protocol (/api/uploads) with tus-js-client, in RESUMABLE_CHUNK_BYTES
 * pieces: a dropped link costs at most the piece under way, and with the upload URL kept (the
 * queue's IndexedDB entry) a reload or a closed tab resumes from the last piece that arrived.
 * Once every byte is there, GET /api/uploads/:id answers what the photo became, as POST
 * /api/images would have.
 */
import {
  messages,
  RESUMABLE_CHUNK_BYTES,
  RESUMABLE_UPLOAD_PATH,
  resumableUploadResultSchema,
} from "@poleatlas/shared";
import { Upload, type DetailedError } from "tus-js-client";
import { ApiError, apiErrorFrom, workspaceHeader } from "../../../lib/api-client";
import { noteServerAnswered, noteServerUnreachable } from "../../../lib/offline/connectivity";
import type { UploadAnswer, UploadOptions } from "./upload-image";

export interface ResumableOptions extends Omit<UploadOptions, "sha256"> {
  /** Where an earlier try of this photo left off (null: a new upload). */
  uploadUrl?: string | null;
  /** The upload's URL, as soon as the server gave it: kept, it lets a later try resume. */
  onUploadUrl?: (url: string) => void | Promise<void>;
  /** Waits before each automatic retry of a dropped piece (tus-js-client's retryDelays). */
  retryDelays?: number[];
}

const networkError = () => new ApiError(0, "network_error", messages.uploadFailed);

/** tus-js-client's failure as ours: the server's `{ code, message }` where it answered. */
function toApiError(err: Error | DetailedError): ApiError {
  const res = "originalResponse" in err ? err.originalResponse : null;
  if (!res || res.getStatus() === 0) {
    noteServerUnreachable();
    return networkError();
  }
  noteServerAnswered();
  return apiErrorFrom({ status: res.getStatus() }, res.getBody() ?? "", messages.uploadFailed);
}

/** What the finished upload became (GET /api/uploads/:id). */
async function outcome(url: string, workspaceId?: string): Promise<UploadAnswer> {
  let res: Response;
  try {
    res = await fetch(url, { headers: workspaceHeader(workspaceId), credentials: "same-origin" });
  } catch {
    noteServerUnreachable();
    throw networkError();
  }
  noteServerAnswered();
  const text = await res.text();
  if (!res.ok) throw apiErrorFrom(res, text, messages.uploadFailed);
  const body = resumableUploadResultSchema.parse(JSON.parse(text));
  return { image: body.image, duplicate: body.duplicate === true };
}

export function uploadResumable(file: File, opts: ResumableOptions = {}): Promise<UploadAnswer> {
  const { onProgress, signal, meantFor } = opts;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(networkError());
    const metadata: Record<string, string> = {
      filename: file.name,
      filetype: file.type,
      lastModified: String(file.lastModified),
      // The uploader's UTC offset at that instant: a photo without an EXIF date is dated in the
      // uploader's own calendar, not the server's.
      timezoneOffset: String(new Date(file.lastModified).getTimezoneOffset()),
    };
    if (meantFor) {
      metadata.workspaceId = meantFor.workspaceId;
      metadata.uploaderId = meantFor.userId;
    }
    const upload = new Upload(file, {
      // Absolute: the server's Location is resolved against it.
      endpoint: new URL(RESUMABLE_UPLOAD_PATH, window.location.href).href,
      uploadUrl: opts.uploadUrl ?? null,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: opts.retryDelays ?? [0, 3000, 10000],
      // The URL lives in our own queue entry, not in tus-js-client's localStorage.
      storeFingerprintForResuming: false,
      metadata,
      // A queued photo goes to the workspace it was queued in, whichever this tab shows now.
      headers: workspaceHeader(meantFor?.workspaceId),
      onUploadUrlAvailable: () => {
        if (upload.url) void opts.onUploadUrl?.(upload.url);
      },
      onProgress: (sent, total) => {
        if (total > 0) onProgress?.(sent / total);
      },
      onError: (err) => reject(toApiError(err)),
      onSuccess: () => {
        if (!upload.url) return reject(networkError());
        outcome(upload.url, meantFor?.workspaceId).then(resolve, reject);
      },
    });
    signal?.addEventListener(
      "abort",
      () => {
        void upload.abort();
        reject(networkError());
      },
      { once: true },
    );
    upload.start();
  });
}
