/**
 * A re-import of a register with fewer columns: the fields it has no column for stay as stored,
 * unless the import is told to clear them (clearMissing), and the dry run lists per field what
 * would change or be cleared before anything is written.
 */
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { imported, polesOf } from "./import-support";

const t = useTestApp();
const owner = useSignedInUser(t);

const FULL = [
  "tag,lat,lon,material,height_m,installed_year,circuit,owner,span",
  "R-1,45.1,7.1,wood,12,1987,C-1,Enedis,40",
  "R-2,45.2,7.2,wood,13,1990,C-1,Enedis,41",
  "R-3,45.3,7.3,wood,14,2001,C-2,Enedis,42",
].join("\n");
/** Only tag, position and material (all changed), and one span emptied. */
const PARTIAL = [
  "tag,lat,lon,material,span",
  "R-1,45.1,7.1,steel,40",
  "R-2,45.2,7.2,steel,41",
  "R-3,45.3,7.3,steel,",
].join("\n");

const stored = async () =>
  (await polesOf(t, owner.id)).map((p) => [
    p.tag,
    p.material,
    p.height_m,
    p.installed_year,
    p.circuit,
    p.attributes,
  ]);

describe("a re-import with fewer columns", () => {
  it("keeps the fields the file lacks, and its dry run says per field what changes", async () => {
    expect(await imported(t, owner, FULL)).toMatchObject({ created: 3, rejected: [] });

    const dry = await imported(t, owner, PARTIAL, "poles.csv", true);
    expect(dry).toMatchObject({ updated: 3, clear_missing: false });
    expect(dry.field_changes).toEqual([
      { name: "material", kind: "field", changed: 3, cleared: 0 },
      { name: "span", kind: "attribute", changed: 0, cleared: 1 },
    ]);
    expect((await stored()).map((p) => p[1])).toEqual(["wood", "wood", "wood"]);

    expect(await imported(t, owner, PARTIAL)).toMatchObject({ updated: 3 });
    expect(await stored()).toEqual([
      ["R-1", "steel", 12, 1987, "C-1", { owner: "Enedis", span: "40" }],
      ["R-2", "steel", 13, 1990, "C-1", { owner: "Enedis", span: "41" }],
      ["R-3", "steel", 14, 2001, "C-2", { owner: "Enedis" }],
    ]);
    // The same file again changes nothing.
    expect(await imported(t, owner, PARTIAL)).toMatchObject({ updated: 0, unchanged: 3, field_changes: [] });
  });

  it("clears them when told to, and its dry run lists what it would clear first", async () => {
    const dry = await imported(t, owner, PARTIAL, "poles.csv", true, { clearMissing: "true" });
    expect(dry).toMatchObject({ updated: 3, clear_missing: true });
    expect(dry.field_changes).toEqual([
      { name: "height_m", kind: "field", changed: 0, cleared: 3 },
      { name: "installed_year", kind: "field", changed: 0, cleared: 3 },
      { name: "circuit", kind: "field", changed: 0, cleared: 3 },
      { name: "owner", kind: "attribute", changed: 0, cleared: 3 },
    ]);
    expect((await stored()).map((p) => p[2])).toEqual([12, 13, 14]);

    expect(await imported(t, owner, PARTIAL, "poles.csv", false, { clearMissing: "true" })).toMatchObject({
      updated: 3,
    });
    expect(await stored()).toEqual([
      ["R-1", "steel", null, null, null, { span: "40" }],
      ["R-2", "steel", null, null, null, { span: "41" }],
      ["R-3", "steel", null, null, null, {}],
    ]);
  });
});
