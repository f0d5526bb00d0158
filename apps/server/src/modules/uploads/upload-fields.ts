/**
 * The form fields that travel with a photo (docs/api.md "What an upload's fields become"): `lastModified` (ms since 1970, in
 * the JS Date range) and `timezoneOffset` (Date#getTimezoneOffset minutes, -840…840). Missing or
 * empty fields are null; anything else that is not a whole number in range is a 400.
 */
import { MAX_TIMEZONE_OFFSET_MINUTES, messages } from "@poleatlas/shared";
import { badRequest } from "../../errors";

/** ±8.64e15 ms: the range of a JavaScript Date. */
const MAX_DATE_MS = 8.64e15;
const INTEGER = /^\s*-?\d{1,16}\s*$/;

function wholeNumber(value: string | undefined): number | null | "bad" {
  if (value === undefined || value.trim() === "") return null;
  if (!INTEGER.test(value)) return "bad";
  return Number(value);
}

export function parseLastModified(value: string | undefined): number | null {
  const n = wholeNumber(value);
  if (n === "bad" || (n !== null && Math.abs(n) > MAX_DATE_MS)) {
    throw badRequest(messages.invalidLastModified, "invalid_last_modified");
  }
  return n;
}

export function parseTimezoneOffset(value: string | undefined): number | null {
  const n = wholeNumber(value);
  if (n === "bad" || (n !== null && Math.abs(n) > MAX_TIMEZONE_OFFSET_MINUTES)) {
    throw badRequest(messages.invalidTimezoneOffset, "invalid_timezone_offset");
  }
  return n;
}
