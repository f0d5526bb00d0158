/**
 * A CSV register as spreadsheets write it: quoted cells with commas and quotes import as written,
 * and a broken quote halfway keeps the rows before it and rejects the rest with its line.
 */
import { describe, expect, it } from "vitest";
import { poleImportTexts as texts } from "@poleatlas/shared";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { imported, polesOf } from "./import-support";

const t = useTestApp();
const owner = useSignedInUser(t);

describe("a CSV register's quotes", () => {
  it("imports quoted cells as written and rejects the rest of the file at a stray quote", async () => {
    const csv = [
      "tag,lat,lon,note",
      'Q-1,10,10,"a, ""b"""',
      'Q-2,10.001,10.001,"two',
      'lines"',
      'Q-3,10.002,10.002,12" crossarm',
      "Q-4,10.003,10.003,after",
    ].join("\r\n");
    const result = await imported(t, owner, csv);
    expect(result).toMatchObject({ created: 2, rejected_count: 1 });
    expect(result.rejected).toEqual([{ row: 5, reason: texts.csvUnreadable(texts.csvQuoteInField(5)) }]);
    const poles = await polesOf(t, owner.id);
    expect(poles.map((p) => [p.tag, p.attributes])).toEqual([
      ["Q-1", { note: 'a, "b"' }],
      ["Q-2", { note: "two lines" }], // a cell is kept as one line
    ]);
  });
});
