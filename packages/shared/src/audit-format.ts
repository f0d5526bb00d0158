/**
 * An audit entry in words, the same on the admin page and in the CSV export: who (name and
 * e-mail), what (an edit of a photo says whether it was rated, moved, placed or annotated), whom
 * or what (the tag, file name or e-mail), and the details as "field: old → new", with the ids of
 * people and poles replaced by what they were called. Unknown fields are shown as they are, so a
 * new kind of entry is never hidden.
 */
import { adminTexts } from "./admin";
import { apiKeyTexts } from "./api-keys";
import { AUDIT_ID_FIELDS, type AuditEntry, type AuditName } from "./audit";
import { auditPredicate, findingTargetText } from "./audit-sentences";
import { bytesToMB, formatBytes } from "./format";

const FIELD_NAMES: Record<string, string> = {
  quotaBytes: "quota",
  capBytes: "cap",
  bytes: "size",
  pole_id: "pole",
  poleId: "pole",
  uploaded_by: "uploaded by",
  rated_by: "rated by",
  invitedBy: "invited by",
};

const EMPTY = "—";
const ID_FIELDS: readonly string[] = AUDIT_ID_FIELDS;

/** A name as people read it: "Ann Lee (ann@example.com)", "pole P-10423", "photo IMG_1.jpg". */
export function auditNameText(n: AuditName): string {
  switch (n.kind) {
    case "person":
      return n.name.trim() ? `${n.name} (${n.email})` : n.email;
    case "pole":
      return n.label ? adminTexts.poleNamed(n.label) : adminTexts.poleAt(n.latitude, n.longitude);
    case "photo":
      return adminTexts.photoNamed(n.name);
    case "team":
      return adminTexts.teamNamed(n.name);
    case "finding":
      return adminTexts.findingNamed(
        n.code,
        n.level,
        n.pole ? adminTexts.poleNamed(n.pole) : adminTexts.poleAt(n.latitude, n.longitude),
      );
  }
}

function valueText(entry: AuditEntry, field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  if ((field === "quotaBytes" || field === "capBytes") && typeof value === "number") {
    return `${bytesToMB(value)} MB`;
  }
  // A photo is mostly well under 1 MB: 'size: 0 MB' said nothing.
  if (field === "bytes" && typeof value === "number") return formatBytes(value);
  if (ID_FIELDS.includes(field) && typeof value === "string") {
    const named = entry.names[value];
    if (named) return auditNameText(named);
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return String(value);
  }
  return JSON.stringify(value) ?? EMPTY;
}

const fieldName = (field: string) => FIELD_NAMES[field] ?? field;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export function auditDetailsText(entry: AuditEntry): string {
  // A finding's or a visit's entry: what happened, in words (see auditSentence).
  const said = auditPredicate(entry);
  if (said !== null) return said;
  const { before, after, ...rest } = entry.details;
  const parts: string[] = [];
  if (isRecord(before) || isRecord(after)) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) {
      // Who rated is the entry's actor: 'rated by' would only repeat it.
      if (field === "rated_by") continue;
      parts.push(
        `${fieldName(field)}: ${valueText(entry, field, was[field])} → ${valueText(entry, field, now[field])}`,
      );
    }
  }
  for (const [field, value] of Object.entries(rest)) {
    // The e-mail and the file name are the entry's target (auditTargetText): not said twice.
    if ((field === "email" || field === "name") && typeof value === "string") continue;
    // The key a change was made with is said with its actor (auditActorText).
    if (field === "apiKey") continue;
    parts.push(`${fieldName(field)}: ${valueText(entry, field, value)}`);
  }
  return parts.join("; ");
}

/** What was done: a photo's edit says what changed (an entry may say several). */
export function auditActionText(entry: AuditEntry): string {
  if (entry.action !== "image.update") return adminTexts.actionNames[entry.action];
  const after = isRecord(entry.details.after) ? entry.details.after : {};
  const words: string[] = [];
  if ("latitude" in after) words.push(adminTexts.photoPlaced);
  else if ("pole_id" in after) words.push(adminTexts.photoMoved);
  if ("risk" in after) words.push(after.risk === null ? adminTexts.ratingCleared : adminTexts.photoRated);
  if ("notes" in after) words.push(adminTexts.notesEdited);
  return words.length > 0 ? words.join(", ") : adminTexts.actionNames[entry.action];
}

/** Who acted: their name and e-mail as they were, else the e-mail the entry carries. */
export function auditActorText(entry: AuditEntry): string {
  const named = entry.names[entry.actor_id];
  const who = named ? auditNameText(named) : entry.actor_email;
  // Made with an API key: the key's name follows, "… via API key NAME".
  const key = entry.details.apiKey;
  return typeof key === "string" ? `${who} ${apiKeyTexts.via(key)}` : who;
}

/**
 * Whom or what an entry is about: the e-mail it carries (members, invitations), else what its
 * target was called, else the file name it carries, else its kind and id.
 */
export function auditTargetText(entry: AuditEntry): string {
  const { email, name } = entry.details;
  if (typeof email === "string") return email;
  const named = entry.names[entry.target_id];
  if (named) return auditNameText(named);
  if (entry.target_type === "image" && typeof name === "string" && name !== "") {
    return adminTexts.photoNamed(name);
  }
  if (entry.target_type === "apikey" && typeof name === "string") return apiKeyTexts.named(name);
  const finding = findingTargetText(entry);
  if (finding) return finding;
  // A trail is one workspace's: its quota (set by an instance administrator) is this workspace's.
  if (entry.target_type === "workspace") return adminTexts.thisWorkspace;
  return `${entry.target_type} ${entry.target_id}`;
}
