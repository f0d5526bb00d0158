/**
 * POST /api/images for one file. XMLHttpRequest rather than fetch because only XHR reports upload
 * progress in browsers today; same-origin, so the session cookie goes along by default.
 */
import {
  imageUploadResponseSchema,
  messages,
  PHOTO_SHA256_HEADER,
  type ImageRecord,
} from "@poleatlas/shared";
import { ApiError, apiErrorFrom } from "../../../lib/api-client";
import { noteServerAnswered, noteServerUnreachable } from "../../../lib/offline/connectivity";

export const UPLOAD_URL = "/api/images";

export interface UploadOptions {
  /** Called with the share of bytes sent, 0–1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Whose and for which workspace (a queued photo): the server refuses it anywhere else. */
  meantFor?: { userId: string; workspaceId: string };
  /** The bytes' SHA-256 (a queued photo): lets a full account still hear "already stored". */
  sha256?: string;
}

/** A failure without a server answer to show: the spec's fallback text. */
const uploadFailed = (status: number) =>
  new ApiError(status, status === 0 ? "network_error" : "bad_answer", messages.uploadFailed);

/** The stored photo; `duplicate` when these bytes were stored before (200, nothing stored again). */
export interface UploadAnswer {
  image: ImageRecord;
  duplicate: boolean;
}

function createdImage(xhr: XMLHttpRequest): UploadAnswer {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    throw uploadFailed(xhr.status);
  }
  const parsed = imageUploadResponseSchema.safeParse(body);
  if (parsed.success) return { image: parsed.data.image, duplicate: parsed.data.duplicate === true };
  // The file is stored even if the record drifted from the contract: report success, log the drift.
  console.error("POST /api/images answered an unexpected shape", parsed.error);
  const image = (body as { image?: ImageRecord } | null)?.image;
  if (image && typeof image.id === "string") return { image, duplicate: false };
  throw uploadFailed(xhr.status);
}

/**
 * A connection that carries nothing for this long is given up (a retryable network error): a
 * stalled upload would otherwise hold the dialog and the queue for good. The bytes going out
 * reset it; once they are all out, the server's answer gets ANSWER_WAIT_MS (it decodes the photo).
 */
export const STALL_MS = 60_000;
export const ANSWER_WAIT_MS = 120_000;

/**
 * A file's SHA-256 as lower-case hex, or undefined where the browser cannot tell (Web Crypto
 * exists only on https and localhost) or the file cannot be read: the upload goes without it.
 */
export async function fileSha256(file: Blob): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  try {
    const digest = new Uint8Array(await subtle.digest("SHA-256", await file.arrayBuffer()));
    return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  } catch {
    return undefined;
  }
}

export function uploadImage(
  file: File,
  { onProgress, signal, meantFor, sha256 }: UploadOptions = {},
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(uploadFailed(0));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_URL);
    if (sha256) xhr.setRequestHeader(PHOTO_SHA256_HEADER, sha256);
    let stalled: ReturnType<typeof setTimeout> | undefined;
    const giveUpAfter = (ms: number) => {
      clearTimeout(stalled);
      stalled = setTimeout(() => xhr.abort(), ms);
    };
    xhr.upload.onprogress = (event) => {
      giveUpAfter(STALL_MS);
      if (onProgress && event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => giveUpAfter(ANSWER_WAIT_MS);
    xhr.onloadend = () => clearTimeout(stalled);
    xhr.onload = () => {
      if (xhr.status === 502 || xhr.status === 503 || xhr.status === 504) noteServerUnreachable();
      else noteServerAnswered();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(createdImage(xhr));
        } catch (err) {
          reject(err instanceof Error ? err : uploadFailed(xhr.status));
        }
      } else {
        // The server's `{ code, message }` when it sent one, else the spec's fallback text.
        reject(apiErrorFrom(xhr, xhr.responseText, messages.uploadFailed));
      }
    };
    xhr.onerror = () => {
      noteServerUnreachable();
      reject(uploadFailed(0));
    };
    xhr.onabort = () => reject(uploadFailed(0));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });

    const form = new FormData();
    // Fields before the file: the server reads parts in order and stops at the file.
    form.append("lastModified", String(file.lastModified));
    // The uploader's UTC offset at that instant: a photo without an EXIF date is dated in the
    // uploader's own calendar, not the server's.
    form.append("timezoneOffset", String(new Date(file.lastModified).getTimezoneOffset()));
    if (meantFor) {
      form.append("workspaceId", meantFor.workspaceId);
      form.append("uploaderId", meantFor.userId);
    }
    form.append("file", file, file.name);
    giveUpAfter(STALL_MS);
    xhr.send(form);
  });
}
