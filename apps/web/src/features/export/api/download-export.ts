/**
 * The export is fetched, not followed as a plain link: a refusal (session expired, a bad filter)
 * or a server fault then shows in the dialog instead of becoming a broken file in the browser's
 * downloads. The price is that the browser holds the file until it is saved; a multi-hundred-MB
 * export is better taken with a link or curl (docs/features.md "Export").
 */
import {
  EXPORT_EXTENSIONS,
  exportSearch,
  type ExportFormat,
  type ExportLayer,
  type ExportRisk,
} from "@poleatlas/shared";
import { ApiError, apiErrorFrom, workspaceHeader } from "../../../lib/api-client";

export interface ExportRequest {
  format: ExportFormat;
  /** Photos when left out. */
  layer?: ExportLayer;
  /** "EPSG:<code>"; WGS 84 when left out. */
  crs?: string;
  region: string | null;
  risk: readonly ExportRisk[];
  from: string;
  to: string;
  /** The findings layer's work list filters and sort (GET /api/findings's names). */
  findings?: Record<string, string>;
}

export const exportUrl = (q: ExportRequest) => `/api/export?${exportSearch(q)}`;

/** `attachment; filename="poleatlas-personal-2024-05-01.csv"` → the name; a fallback without one. */
export function filenameFrom(disposition: string | null, format: ExportFormat): string {
  const m = /filename="([^"]+)"/.exec(disposition ?? "");
  return m?.[1] ?? `poleatlas-export.${EXPORT_EXTENSIONS[format]}`;
}

/** Fetches the file and hands it to the browser as a download; throws ApiError on a refusal. */
export async function downloadExport(q: ExportRequest, signal?: AbortSignal): Promise<string> {
  let res: Response;
  try {
    res = await fetch(exportUrl(q), { credentials: "same-origin", headers: workspaceHeader(), signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, "network_error", "The server could not be reached");
  }
  if (!res.ok) throw apiErrorFrom(res, await res.text().catch(() => ""));
  const blob = await res.blob();
  const name = filenameFrom(res.headers.get("content-disposition"), q.format);
  const href = URL.createObjectURL(blob);
  try {
    const a = document.createElement("a");
    a.href = href;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // After the click has started the download; revoking at once is safe in every browser we
    // support, but a tick later costs nothing.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
  return name;
}
