/**
 * A GeoJSON document's top-level members and its features, read straight from its bytes a chunk
 * at a time: a register of a million features was one JSON.parse of the whole file, gigabytes of
 * objects and minutes with no other request answered. Here each feature's bytes are found by
 * their brackets (outside strings) and handed on alone, so a feature costs its own parse.
 *
 * Only the skeleton is checked here: the document is one object, `features` an array of values,
 * separated and closed as JSON says. What is inside a value is JSON.parse's to judge. No value may
 * nest deeper than MAX_GEOJSON_DEPTH (JSON.stringify of a deeper one overflows the stack) nor be
 * longer than MAX_MEMBER_BYTES.
 */
import { poleImportTexts as texts } from "@poleatlas/shared";

/** A register's feature needs 5 levels (collection, features, feature, geometry, coordinates). */
export const MAX_GEOJSON_DEPTH = 32;
/** No pole's feature comes near this (its other columns are at most 4 KB). */
export const MAX_MEMBER_BYTES = 1 << 20;

export class GeoJsonError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export type GeoJsonPart = { feature: Buffer } | { member: string; value: Buffer };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const ENDS_SCALAR = new Set([0x2c, 0x7d, 0x5d, 0x20, 0x0a, 0x0d, 0x09]);

/** What comes next in the document. */
type Expect =
  | "start" // the opening {
  | "firstKey" // a key or }
  | "key" // a key
  | "colon"
  | "value" // the member's value
  | "firstFeature" // a feature or ]
  | "feature"
  | "afterFeature" // , or ]
  | "afterValue" // , or }
  | "end"; // nothing but white space

const MORE = -1;

export class GeoJsonMembers {
  private buf: Buffer = Buffer.alloc(0);
  private pos = 0;
  /** Bytes of the file before `buf`. */
  private consumed = 0;
  private expect: Expect = "start";
  private key = "";
  private bomChecked = false;
  /** How many `features` arrays the document opened (a second one is a broken file). */
  featureArrays = 0;

  /** The parts the bytes fed so far complete. */
  feed(chunk: Buffer): GeoJsonPart[] {
    const rest = this.buf.length - this.pos;
    this.consumed += this.pos;
    this.buf = rest > 0 ? Buffer.concat([this.buf.subarray(this.pos), chunk]) : chunk;
    this.pos = 0;
    return this.parts(false);
  }

  /** The file is over: the last parts, or a GeoJsonError if the document is not closed. */
  end(): GeoJsonPart[] {
    const parts = this.parts(true);
    if (this.expect !== "end") throw new GeoJsonError(texts.geojsonEndsEarly, "import_unreadable");
    return parts;
  }

  private fail(at: number): never {
    throw new GeoJsonError(texts.geojsonInvalidAt(this.consumed + at), "import_unreadable");
  }

  private parts(atEnd: boolean): GeoJsonPart[] {
    const out: GeoJsonPart[] = [];
    const b = this.buf;
    if (!this.bomChecked) {
      if (b.length < 3 && !atEnd) return out;
      this.bomChecked = true;
      if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) this.pos = 3;
    }
    for (;;) {
      while (this.pos < b.length && isSpace(b[this.pos]!)) this.pos++;
      if (this.pos >= b.length) return out;
      const c = b[this.pos]!;
      const at = this.pos;
      switch (this.expect) {
        case "start":
          if (c !== 0x7b) this.fail(at);
          this.pos++;
          this.expect = "firstKey";
          break;
        case "firstKey":
        case "key": {
          if (c === 0x7d && this.expect === "firstKey") {
            this.pos++;
            this.expect = "end";
            break;
          }
          if (c !== QUOTE) this.fail(at);
          const end = this.scanValue(at, 1, atEnd);
          if (end === MORE) return out;
          try {
            this.key = JSON.parse(b.toString("utf8", at, end)) as string;
          } catch {
            this.fail(at);
          }
          this.pos = end;
          this.expect = "colon";
          break;
        }
        case "colon":
          if (c !== 0x3a) this.fail(at);
          this.pos++;
          this.expect = "value";
          break;
        case "value": {
          if (this.key === "features" && c === 0x5b) {
            this.pos++;
            this.featureArrays++;
            this.expect = "firstFeature";
            break;
          }
          const end = this.scanValue(at, 1, atEnd);
          if (end === MORE) return out;
          out.push({ member: this.key, value: b.subarray(at, end) });
          this.pos = end;
          this.expect = "afterValue";
          break;
        }
        case "firstFeature":
        case "feature": {
          if (c === 0x5d && this.expect === "firstFeature") {
            this.pos++;
            this.expect = "afterValue";
            break;
          }
          const end = this.scanValue(at, 2, atEnd);
          if (end === MORE) return out;
          out.push({ feature: b.subarray(at, end) });
          this.pos = end;
          this.expect = "afterFeature";
          break;
        }
        case "afterFeature":
          if (c !== 0x2c && c !== 0x5d) this.fail(at);
          this.pos++;
          this.expect = c === 0x2c ? "feature" : "afterValue";
          break;
        case "afterValue":
          if (c !== 0x2c && c !== 0x7d) this.fail(at);
          this.pos++;
          this.expect = c === 0x2c ? "key" : "end";
          break;
        case "end":
          this.fail(at);
      }
    }
  }

  /**
   * Where the value starting at `start` ends (exclusive), or MORE when the bytes so far do not
   * hold all of it. `outer` is how deep the value itself sits.
   */
  private scanValue(start: number, outer: number, atEnd: boolean): number {
    const b = this.buf;
    const first = b[start]!;
    let end: number;
    if (first === QUOTE) end = this.stringEnd(start);
    else if (first === 0x7b || first === 0x5b) end = this.containerEnd(start, outer);
    else {
      // A number or a literal runs to the next delimiter.
      let i = start;
      while (i < b.length && !ENDS_SCALAR.has(b[i]!)) i++;
      if (i === start) this.fail(start);
      end = i < b.length || atEnd ? i : MORE;
    }
    const length = (end === MORE ? b.length : end) - start;
    if (length > MAX_MEMBER_BYTES)
      throw new GeoJsonError(texts.geojsonMemberTooLarge(MAX_MEMBER_BYTES / 2 ** 20), "import_unreadable");
    if (end === MORE && atEnd) throw new GeoJsonError(texts.geojsonEndsEarly, "import_unreadable");
    return end;
  }

  /** Just past the object or array opening at `start`, or MORE. */
  private containerEnd(start: number, outer: number): number {
    const b = this.buf;
    let depth = 0;
    let i = start;
    while (i < b.length) {
      const c = b[i]!;
      if (c === QUOTE) {
        i = this.stringEnd(i);
        if (i === MORE) return MORE;
        continue;
      }
      if (c === 0x7b || c === 0x5b) {
        depth++;
        if (outer + depth > MAX_GEOJSON_DEPTH)
          throw new GeoJsonError(texts.geojsonTooDeep(MAX_GEOJSON_DEPTH), "import_too_deep");
      } else if ((c === 0x7d || c === 0x5d) && --depth === 0) return i + 1;
      i++;
    }
    return MORE;
  }

  /** Just past the string opening at `start`, or MORE. */
  private stringEnd(start: number): number {
    const b = this.buf;
    let from = start + 1;
    for (;;) {
      const q = b.indexOf(QUOTE, from);
      if (q < 0) return MORE;
      let slashes = 0;
      while (b[q - 1 - slashes] === BACKSLASH) slashes++;
      if (slashes % 2 === 0) return q + 1;
      from = q + 1;
    }
  }
}
