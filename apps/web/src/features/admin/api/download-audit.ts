/**
 * The filtered trail as a CSV file, fetched rather than followed as a link (as the photo export
 * is): a refusal or a fault then shows on the page instead of becoming a broken download.
 */
import { ApiError, apiErrorFrom } from "../../../lib/api-client";
import { filenameFrom } from "../../export";
import { auditSearch, type AuditFilters } from "./get-audit";

export const auditExportUrl = (f: AuditFilters) => {
  const query = auditSearch(f).toString();
  return query ? `/api/audit/export?${query}` : "/api/audit/export";
};

/** Fetches the file and hands it to the browser as a download; throws ApiError on a refusal. */
export async function downloadAudit(f: AuditFilters): Promise<void> {
  let res: Response;
  try {
    res = await fetch(auditExportUrl(f), { credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "network_error", "The server could not be reached");
  }
  if (!res.ok) throw apiErrorFrom(res, await res.text().catch(() => ""));
  const href = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement("a");
    a.href = href;
    a.download = filenameFrom(res.headers.get("content-disposition"), "csv");
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}
