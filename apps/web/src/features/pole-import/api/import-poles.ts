/**
 * POST /api/poles/import for one register file, dry or not. XMLHttpRequest rather than fetch, as
 * for photos: only XHR reports upload progress in browsers today. Same-origin, cookie included.
 */
import {
  poleImportDialogTexts as texts,
  poleImportResultSchema,
  type PoleImportResult,
} from "@poleatlas/shared";
import { ApiError, apiErrorFrom } from "../../../lib/api-client";

export interface ImportOptions {
  dryRun: boolean;
  /** The share of the file's bytes sent, 0–1; at 1 the server is reading the rows. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function importPoles(
  file: File,
  { dryRun, onProgress, signal }: ImportOptions,
): Promise<PoleImportResult> {
  return new Promise((resolve, reject) => {
    const failed = (status: number) => new ApiError(status, "import_failed", texts.failed);
    if (signal?.aborted) return reject(failed(0));
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/poles/import${dryRun ? "?dryRun=true" : ""}`);
    xhr.upload.onprogress = (event) => {
      if (onProgress && event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(apiErrorFrom(xhr, xhr.responseText, texts.failed));
      try {
        resolve(poleImportResultSchema.parse(JSON.parse(xhr.responseText)));
      } catch {
        reject(failed(xhr.status));
      }
    };
    xhr.onerror = () => reject(failed(0));
    xhr.onabort = () => reject(failed(0));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
