/**
 * An audit entry's details in words: `before`/`after` pairs become "field: old → new", other
 * fields "field: value" (but the e-mail, shown as the target); quotas read in MB, photo sizes in KB below 1 MB. Unknown fields are shown as they are, so a new
 * kind of entry is never hidden.
 */
import { adminTexts, bytesToMB, formatBytes, type AuditEntry } from "@poleatlas/shared";

const FIELD_NAMES: Record<string, string> = {
  quotaBytes: "quota",
  capBytes: "cap",
  bytes: "size",
  pole_id: "pole",
  uploaded_by: "uploaded by",
  latitude: "latitude",
  longitude: "longitude",
};

const EMPTY = "—";

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  if ((field === "quotaBytes" || field === "capBytes") && typeof value === "number") {
    return `${bytesToMB(value)} MB`;
  }
  // A photo is mostly well under 1 MB: 'size: 0 MB' said nothing.
  if (field === "bytes" && typeof value === "number") return formatBytes(value);
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return String(value);
  }
  return JSON.stringify(value) ?? EMPTY;
}

const fieldName = (field: string) => FIELD_NAMES[field] ?? field;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export function auditDetailsText(details: AuditEntry["details"]): string {
  const { before, after, ...rest } = details;
  const parts: string[] = [];
  if (isRecord(before) || isRecord(after)) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) {
      parts.push(`${fieldName(field)}: ${valueText(field, was[field])} → ${valueText(field, now[field])}`);
    }
  }
  // The e-mail is the entry's target (auditTargetText): not said twice.
  for (const [field, value] of Object.entries(rest)) {
    if (field === "email" && typeof value === "string") continue;
    parts.push(`${fieldName(field)}: ${valueText(field, value)}`);
  }
  return parts.join("; ");
}

/**
 * Whom or what an entry is about: the e-mail or file name it carries, else the member's e-mail
 * from `emailOf` (quota entries name only the user id), else the id.
 */
export function auditTargetText(entry: AuditEntry, emailOf: (userId: string) => string | undefined): string {
  const { email, name } = entry.details;
  if (typeof email === "string") return email;
  if (typeof name === "string" && name !== "") return `${entry.target_type} ${name}`;
  // A trail is one workspace's: its quota (set by an instance administrator) is this workspace's.
  if (entry.target_type === "workspace") return adminTexts.thisWorkspace;
  if (entry.target_type === "user" || entry.target_type === "member") {
    return emailOf(entry.target_id) ?? entry.target_id;
  }
  return `${entry.target_type} ${entry.target_id}`;
}
