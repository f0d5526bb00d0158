/**
 * The CSV register's records read straight from the file's bytes: quotes, line breaks and blank
 * lines as spreadsheets write them, the same records however the bytes arrive, and a broken quote
 * named by its line.
 */
import { describe, expect, it } from "vitest";
import { poleImportTexts as texts } from "@poleatlas/shared";
import { CsvRecords, MAX_RECORD_BYTES } from "../../src/modules/poles/import/csv-records";

/** Every record of `bytes`, fed `step` bytes at a time. */
function read(bytes: Buffer | string, step = Infinity) {
  const all = typeof bytes === "string" ? Buffer.from(bytes) : bytes;
  const records = new CsvRecords();
  const out: [number, string[]][] = [];
  for (let at = 0; at < all.length; at += step) {
    records.feed(all.subarray(at, Math.min(all.length, at + step)));
    for (let r; (r = records.next(false));) out.push([r.line, r.fields]);
  }
  for (let r; (r = records.next(true));) out.push([r.line, r.fields]);
  return out;
}

const REGISTER = [
  "\uFEFFpole_id , note,owner\r\n",
  'P-1,"a, b",Größe\r\n',
  "\r\n",
  '  "P-2"  ,"he said ""hi""","two\nlines"\r\n',
  "   \r\n",
  "P-3,\t x y \t,\r",
  '"",,"  kept  "',
].join("");

describe("the CSV register's records", () => {
  it("reads quoted commas, doubled quotes, line breaks in quotes, blank lines and a BOM", () => {
    expect(read(REGISTER)).toEqual([
      [1, ["pole_id", "note", "owner"]],
      [2, ["P-1", "a, b", "Größe"]],
      [5, ["P-2", 'he said "hi"', "two\nlines"]],
      [7, ["P-3", "x y", ""]],
      [8, ["", "", "  kept  "]],
    ]);
  });

  it("gives the same records however the bytes are cut, inside a character too", () => {
    const whole = read(REGISTER);
    for (const step of [1, 2, 3, 5, 7, 64]) expect(read(REGISTER, step)).toEqual(whole);
  });

  it("names the line of a quote that is never closed, of text after a quote and of a stray quote", () => {
    expect(() => read('a,b\n1,2\n"3,4\n5,6\n')).toThrow(texts.csvQuoteNotClosed(3));
    expect(() => read('a,b\n1,2\n"3"x,4\n')).toThrow(texts.csvTextAfterQuote(3));
    expect(() => read('a,b\n1,2\n3,12" crossarm\n')).toThrow(texts.csvQuoteInField(3));
    // The records before the broken one are read.
    const records = new CsvRecords();
    records.feed(Buffer.from('a,b\n1,2\n"3,4\n'));
    expect(records.next(false)?.fields).toEqual(["a", "b"]);
    expect(records.next(false)?.fields).toEqual(["1", "2"]);
    expect(records.next(false)).toBeNull();
  });

  it("stops at a row longer than the limit instead of holding the rest of the file", () => {
    const records = new CsvRecords();
    records.feed(Buffer.from("a,b\n"));
    expect(records.next(false)?.fields).toEqual(["a", "b"]);
    const chunk = Buffer.alloc(64 * 1024, "x");
    let error: unknown;
    try {
      for (let fed = 0; fed <= MAX_RECORD_BYTES + chunk.length; fed += chunk.length) {
        records.feed(chunk);
        expect(records.next(false)).toBeNull();
      }
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({ message: texts.csvRecordTooLong(2, 1) });
  });
});
