/**
 * Rows without a tag, found in one statement per batch, keep the outcome of taking them one by
 * one: a row next to the pole an earlier row of the same batch made updates it, a row whose
 * nearest pole an earlier row moved away looks again, and identical rows are unchanged.
 */
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { imported, polesOf } from "./import-support";

const t = useTestApp({ SPOT_RADIUS_METERS: "5", POLE_IMPORT_BATCH_ROWS: "50" });
const owner = useSignedInUser(t);
const M = 1 / 111195; // a metre north, in degrees

const csv = (rows: [number, number, string][]) =>
  ["lat,lon,material", ...rows.map(([lat, lon, m]) => `${lat},${lon},${m}`)].join("\n");

describe("importing rows without a tag", () => {
  it("updates the pole an earlier row of the batch made or moved, as one by one", async () => {
    // 3 m north of the first row: the pole the first row made; 50 m: a new pole.
    const first = csv([
      [50, 8, "wood"],
      [50 + 3 * M, 8, "steel"],
      [50 + 50 * M, 8, "wood"],
    ]);
    expect(await imported(t, owner, first)).toMatchObject({ created: 2, updated: 1, unchanged: 0 });
    let poles = await polesOf(t, owner.id);
    expect(poles.map((p) => [p.latitude, p.material])).toEqual([
      [50 + 3 * M, "steel"],
      [50 + 50 * M, "wood"],
    ]);

    // The first row moves that pole 4 m north; the second, 3 m south of where it stood, is now
    // 7 m from it: a new pole, not a second move.
    const moved = csv([
      [50 + 7 * M, 8, "steel"],
      [50, 8, "concrete"],
    ]);
    expect(await imported(t, owner, moved)).toMatchObject({ created: 1, updated: 1, unchanged: 0 });
    poles = await polesOf(t, owner.id);
    expect(poles.map((p) => p.material).sort()).toEqual(["concrete", "steel", "wood"]);
    expect(await imported(t, owner, moved)).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it("imports a grid of 300 poles 10 m apart over several batches, then finds each again", async () => {
    const rows: [number, number, string][] = [];
    for (let i = 0; i < 300; i++)
      rows.push([51 + Math.floor(i / 20) * 10 * M, 9 + (i % 20) * 0.00015, "wood"]);
    expect(await imported(t, owner, csv(rows))).toMatchObject({ created: 300, updated: 0 });
    expect(await imported(t, owner, csv(rows))).toMatchObject({ created: 0, updated: 0, unchanged: 300 });
    const shifted = rows.map(([lat, lon]): [number, number, string] => [lat + 2 * M, lon, "steel"]);
    expect(await imported(t, owner, csv(shifted))).toMatchObject({ created: 0, updated: 300 });
    expect((await polesOf(t, owner.id)).filter((p) => p.material === "steel")).toHaveLength(301);
  });
});
