/**
 * POST /api/poles/import for one register file, dry or not. XMLHttpRequest rather than fetch, as
 * for photos: only XHR reports upload progress in browsers today. Same-origin, cookie included.
 */
import {
  poleImportResultSchema,
  poleImportDialogTexts as texts,
  type PoleImportResult,
  type ImportMapping,
} from "@poleatlas/shared";
import { ApiError, apiErrorFrom } from "../../../lib/api-client";

export interface ImportOptions {
  dryRun: boolean;
  /** The share of the file's bytes sent, 0–1; at 1 the server is reading the rows. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** "EPSG:<code>" of the file's positions; none: WGS 84 longitude/latitude (or a Shapefile's .prj). */
  crs?: string | null;
  /** {source column: field}; none: the server recognises the columns itself. */
  mapping?: ImportMapping | null;
  /** Clear the fields the file has no column for on the poles it updates (default: keep them). */
  clearMissing?: boolean;
}

export function importPoles(
  file: File,
  { dryRun, onProgress, signal, crs, mapping, clearMissing }: ImportOptions,
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
    // Before the file: the server reads the fields as the stream reaches them.
    if (crs) form.append("crs", crs);
    if (mapping && Object.keys(mapping).length > 0) form.append("mapping", JSON.stringify(mapping));
    if (clearMissing) form.append("clearMissing", "true");
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
