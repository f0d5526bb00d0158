/**
 * POST /api/images for one file. XMLHttpRequest rather than fetch because only XHR reports upload
 * progress in browsers today; same-origin, so the session cookie goes along by default.
 */
import { apiErrorSchema, imageCreatedSchema, messages, type ImageRecord } from "@poleatlas/shared";

export const UPLOAD_URL = "/api/images";

/** A failed upload with the text to show on the file's card. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export interface UploadOptions {
  /** Called with the share of bytes sent, 0–1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The server's `{code, message}` text when it sent one, else the spec's fallback. */
function failureMessage(xhr: XMLHttpRequest): string {
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(xhr.responseText));
    if (parsed.success && parsed.data.message) return parsed.data.message;
  } catch {
    // not JSON (a proxy's HTML page, an empty body): fall through to the generic text
  }
  return messages.uploadFailed;
}

function createdImage(xhr: XMLHttpRequest): ImageRecord {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    throw new UploadError(messages.uploadFailed, xhr.status);
  }
  const parsed = imageCreatedSchema.safeParse(body);
  if (parsed.success) return parsed.data.image;
  // The file is stored even if the record drifted from the contract: report success, log the drift.
  console.error("POST /api/images answered an unexpected shape", parsed.error);
  const image = (body as { image?: ImageRecord } | null)?.image;
  if (image && typeof image.id === "string") return image;
  throw new UploadError(messages.uploadFailed, xhr.status);
}

export function uploadImage(file: File, { onProgress, signal }: UploadOptions = {}): Promise<ImageRecord> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError(messages.uploadFailed, 0));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_URL);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(createdImage(xhr));
        } catch (err) {
          reject(err instanceof Error ? err : new UploadError(messages.uploadFailed, xhr.status));
        }
      } else {
        reject(new UploadError(failureMessage(xhr), xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError(messages.uploadFailed, 0));
    xhr.onabort = () => reject(new UploadError(messages.uploadFailed, 0));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });

    const form = new FormData();
    // Fields before the file: the server reads parts in order and stops at the file.
    form.append("lastModified", String(file.lastModified));
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
