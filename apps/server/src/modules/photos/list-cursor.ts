/**
 * The opaque `cursor` of GET /api/images: the list-order key (date, created_at, id) of the last
 * photo of a page, as base64url JSON. Keyset paging: the next page starts right after that key,
 * so photos added or deleted meanwhile never shift a page.
 */
import { isCalendarDay, messages } from "@poleatlas/shared";
import { badRequest } from "../../errors";

export interface ListKey {
  date: string | null;
  /** The fixed-width UTC text the repository returns (microseconds). */
  created_at: string;
  id: string;
}

const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A real instant, not only the right shape, on a day PostgreSQL can store (it rejects 2024-02-31
 * and year 0 as errors, not as no rows).
 */
const isInstant = (s: string) =>
  CREATED_AT.test(s) &&
  isCalendarDay(s.slice(0, 10)) &&
  !Number.isNaN(Date.parse(s)) &&
  new Date(s).toISOString().startsWith(s.slice(0, 19));

export function encodeCursor(key: ListKey): string {
  return Buffer.from(JSON.stringify([key.date, key.created_at, key.id])).toString("base64url");
}

/** The key inside a cursor; 400 invalid_cursor for anything encodeCursor did not make. */
export function decodeCursor(cursor: string): ListKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  if (Array.isArray(parsed) && parsed.length === 3) {
    const [date, created_at, id] = parsed as unknown[];
    if (
      (date === null || (typeof date === "string" && isCalendarDay(date))) &&
      typeof created_at === "string" &&
      isInstant(created_at) &&
      typeof id === "string" &&
      UUID.test(id)
    ) {
      return { date, created_at, id };
    }
  }
  throw badRequest(messages.invalidCursor, "invalid_cursor");
}
