/**
 * Hostile GeoPackages, written by hand: each gets a 4xx saying what is wrong (or, for a bad row,
 * a 200 rejecting that row and why), never a 500, and nothing of a refused file is imported.
 */
import { describe, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { expectHostileOutcome, OBJECT_MEMBER_NAMES, type HostileCase } from "./import-support";
import { handmadeGeopackage, type HandmadeLayer } from "./geopackage-support";

const t = useTestApp();
const owner = useSignedInUser(t);

const memberValues = OBJECT_MEMBER_NAMES.map((_, i) => `v${i}`);

type Case = [name: string, layer: HandmadeLayer, outcome: HostileCase[3]];
const CASES: Case[] = [
  [
    "columns named like Object's own members",
    { columns: ["tag", ...OBJECT_MEMBER_NAMES], rows: [[16.37, 48.2, "M-1", ...memberValues]] },
    {
      stored: {
        tag: "M-1",
        attributes: Object.fromEntries(OBJECT_MEMBER_NAMES.map((n, i) => [n, memberValues[i]!])),
      },
    },
  ],
  [
    "a column named __proto__",
    { columns: ["tag", "__proto__"], rows: [[16.37, 48.2, "M-2", "x"]] },
    { rejected: /column __proto__ cannot be kept as an attribute/ },
  ],
];

describe("hostile GeoPackages", () => {
  it.each(CASES)("%s", async (name, layer, outcome) => {
    await expectHostileOutcome(t, owner, [name, await handmadeGeopackage(layer), "poles.gpkg", outcome]);
  });
});
