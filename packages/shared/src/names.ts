/**
 * Photo names, pole labels and inspection notes are shown in lists, panels, exports and logs: the
 * server stores a cleaned copy of what the client sent (docs/api.md "Photos"), so a text can neither
 * break a layout nor pretend to be another.
 */
import { MAX_NAME_LENGTH } from "./constants";

/** C0 and C1 control characters (NUL, newlines, escape sequences…) and DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make
 * "gpj.exe" read as "exe.jpg".
 */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;
/** Line breaks of every kind: CR LF, CR, LF, and Unicode's line and paragraph separators. */
const LINE_BREAK = /\r\n?|[\n\u2028\u2029]/g;

/** The characters file names lose, gone from any text. */
const stripUnsafe = (text: string) => text.replace(CONTROL, "").replace(BIDI, "");
/** An extension worth keeping when the name is cut: a dot and up to 10 letters or digits. */
const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

/**
 * Strips control and bidi-override characters, trims blanks, and cuts the name to
 * MAX_NAME_LENGTH characters (code points, so no emoji is split), keeping its extension.
 */
export function safeDisplayName(name: string): string {
  const cleaned = stripUnsafe(name).trim();
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_NAME_LENGTH) return cleaned;
  const ext = EXTENSION.exec(cleaned)?.[0] ?? "";
  return (
    chars
      .slice(0, MAX_NAME_LENGTH - ext.length)
      .join("")
      .trimEnd() + ext
  );
}

/**
 * A pole label as stored: one line (a line break or tab becomes a space), cleaned as file names
 * are, trimmed.
 */
export function safeLabel(label: string): string {
  return stripUnsafe(label.replace(LINE_BREAK, " ").replace(/\t/g, " ")).trim();
}

/**
 * Inspection notes as stored: cleaned as file names are, except that line breaks stay (each one
 * as LF) and a tab becomes a space.
 */
export function safeNotes(notes: string): string {
  return notes.replace(/\t/g, " ").split(LINE_BREAK).map(stripUnsafe).join("\n");
}
