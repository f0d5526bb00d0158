/**
 * A CSV file's records read straight from its bytes, one at a time, with the line each ends on.
 * A register of a million rows used to go through a general CSV library that made ~3 KB of
 * short-lived objects a row, some of which lived long enough to fill the server's old heap between
 * full collections; here a record costs its array and its field strings.
 *
 * The rules are the ones registers need: fields split by commas, a field in double quotes may hold
 * commas, line breaks and doubled quotes (`""`); spaces and tabs around a field are dropped (inside
 * quotes they stay); lines end in \n, \r\n or \r; blank lines are skipped; a leading UTF-8 BOM is
 * dropped. A malformed quote is an error (CsvError) naming its line.
 */
import { poleImportTexts as texts } from "@poleatlas/shared";

const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const isBlank = (b: number) => b === 0x20 || b === 0x09 || b === 0x0b || b === 0x0c;

/** No register row comes near this; a longer one is a broken file (e.g. a quote never closed). */
export const MAX_RECORD_BYTES = 1 << 20;

export class CsvError extends Error {}

export interface CsvRecord {
  fields: string[];
  /** The line (from 1) the record ends on. */
  line: number;
}

/** Marks a record that runs past the bytes fed so far: it is read again once more have come. */
const MORE = null;

export class CsvRecords {
  private buf: Buffer = Buffer.alloc(0);
  private pos = 0;
  private line = 1;
  private bomChecked = false;

  /** Appends the next bytes of the file (what is left of the previous ones is kept). */
  feed(chunk: Buffer): void {
    const rest = this.buf.length - this.pos;
    this.buf = rest > 0 ? Buffer.concat([this.buf.subarray(this.pos), chunk]) : chunk;
    this.pos = 0;
  }

  /**
   * The next whole record, or null: the bytes fed so far hold no further whole record (`atEnd`:
   * the file is over, so there is none left).
   */
  next(atEnd: boolean): CsvRecord | null {
    if (!this.bomChecked) {
      if (this.buf.length < 3 && !atEnd) return null;
      this.bomChecked = true;
      if (this.buf[0] === 0xef && this.buf[1] === 0xbb && this.buf[2] === 0xbf) this.pos = 3;
    }
    while (this.pos < this.buf.length) {
      const record = this.scan(atEnd);
      if (record === MORE) {
        if (this.buf.length - this.pos > MAX_RECORD_BYTES)
          throw new CsvError(texts.csvRecordTooLong(this.line, MAX_RECORD_BYTES / 2 ** 20));
        return null;
      }
      // A blank line (spaces at most) is no record.
      if (record.fields.length === 1 && record.fields[0] === "" && !record.quoted) continue;
      return { fields: record.fields, line: record.line };
    }
    return null;
  }

  /** One record from `pos`; advances past it only when it is whole. */
  private scan(atEnd: boolean): { fields: string[]; line: number; quoted: boolean } | typeof MORE {
    const b = this.buf;
    const n = b.length;
    let i = this.pos;
    let line = this.line;
    let quoted = false;
    const fields: string[] = [];
    for (;;) {
      while (i < n && isBlank(b[i]!)) i++;
      if (i < n && b[i] === QUOTE) {
        quoted = true;
        const opened = line;
        let text = "";
        let start = ++i;
        for (;;) {
          if (i >= n) {
            if (atEnd) throw new CsvError(texts.csvQuoteNotClosed(opened));
            return MORE;
          }
          const c = b[i]!;
          if (c === QUOTE) {
            if (i + 1 >= n && !atEnd) return MORE;
            if (b[i + 1] === QUOTE) {
              text += b.toString("utf8", start, i + 1);
              i += 2;
              start = i;
              continue;
            }
            text += b.toString("utf8", start, i);
            i++;
            break;
          }
          if (c === LF || (c === CR && b[i + 1] !== LF)) line++;
          i++;
        }
        while (i < n && isBlank(b[i]!)) i++;
        if (i >= n && !atEnd) return MORE;
        fields.push(text);
        if (i < n && b[i] !== COMMA && b[i] !== LF && b[i] !== CR)
          throw new CsvError(texts.csvTextAfterQuote(line));
      } else {
        const start = i;
        while (i < n && b[i] !== COMMA && b[i] !== LF && b[i] !== CR) {
          if (b[i] === QUOTE) throw new CsvError(texts.csvQuoteInField(line));
          i++;
        }
        if (i >= n && !atEnd) return MORE;
        let end = i;
        while (end > start && isBlank(b[end - 1]!)) end--;
        fields.push(b.toString("utf8", start, end));
      }
      if (i < n && b[i] === COMMA) {
        i++;
        continue;
      }
      // The record ends: at a line break or at the end of the file.
      if (i < n && b[i] === CR) {
        if (i + 1 >= n && !atEnd) return MORE;
        i++;
        if (i < n && b[i] === LF) i++;
      } else if (i < n) i++;
      this.pos = i;
      this.line = line + 1;
      return { fields, line, quoted };
    }
  }
}
