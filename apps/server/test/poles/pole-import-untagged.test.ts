/**
 * Rows without a tag are poles of the register: two rows of one file are two poles however close,
 * and a row finds a stored pole only at its own position (within half a metre) and only one an
 * earlier import wrote, never a photo-made pole or one another row of the same file made or found.
 */
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { imported, polesOf } from "./import-support";
import { placedPhoto } from "./support";

const t = useTestApp({ SPOT_RADIUS_METERS: "10", POLE_IMPORT_BATCH_ROWS: "2" });
const M = 1 / 111195; // a metre north, in degrees

const csv = (rows: [number, number, string][]) =>
  ["lat,lon,material", ...rows.map(([lat, lon, m]) => `${lat},${lon},${m}`)].join("\n");

describe("importing rows without a tag", () => {
  const owner = useSignedInUser(t);
  const photos = useSignedInUser(t);

  it("makes a pole of each row however close, and finds each again on a re-import", async () => {
    // 2 m apart, within the photo rule's 10 m, across two batches; and two rows at one spot.
    const rows: [number, number, string][] = [
      [50, 8, "wood"],
      [50 + 2 * M, 8, "wood"],
      [50 + 4 * M, 8, "wood"],
      [51, 8, "wood"],
      [51, 8, "wood"],
    ];
    expect(await imported(t, owner, csv(rows), "poles.csv", true)).toMatchObject({ created: 5 });
    expect(await imported(t, owner, csv(rows))).toMatchObject({ created: 5, updated: 0 });
    expect(await polesOf(t, owner.id)).toHaveLength(5);

    expect(await imported(t, owner, csv(rows))).toMatchObject({ created: 0, updated: 0, unchanged: 5 });
    const steel = rows.map(([lat, lon]): [number, number, string] => [lat + 0.3 * M, lon, "steel"]);
    expect(await imported(t, owner, csv(steel), "poles.csv", true)).toMatchObject({ created: 0, updated: 5 });
    expect(await imported(t, owner, csv(steel))).toMatchObject({ created: 0, updated: 5 });
    const poles = await polesOf(t, owner.id);
    expect(poles.map((p) => p.material)).toEqual(Array(5).fill("steel"));

    // A metre away is another pole.
    const moved = steel.map(([lat, lon]): [number, number, string] => [lat + M, lon, "steel"]);
    expect(await imported(t, owner, csv(moved))).toMatchObject({ created: 5, updated: 0 });
  });

  it("never takes a photo-made pole for a row", async () => {
    await placedPhoto(t, photos.cookie, 52, 9);
    expect(await polesOf(t, photos.id)).toMatchObject([{ source: "photo" }]);
    expect(await imported(t, photos, csv([[52, 9, "wood"]]))).toMatchObject({ created: 1, updated: 0 });
    expect((await polesOf(t, photos.id)).map((p) => p.source).sort()).toEqual(["import", "photo"]);
  });
});
