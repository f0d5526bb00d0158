/**
 * The map's read of a region's poles: the server's compact form (ids as bytes, micro-degrees, a
 * digit a code) comes out as the columns the globe, the pole list and the search read.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { getRegionPoles } from "./get-poles";

const IDS = ["6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e", "00000000-0000-4000-8000-00000000002a"];
const idBytes = Buffer.from(IDS.map((id) => id.replace(/-/g, "")).join(""), "hex").toString("base64");

/** An answer of two poles in the compact form, as the server writes it. */
const wire = (columns: Record<string, unknown>) => ({
  status: 200,
  body: { format: 2, count: 2, id_bytes: idBytes, labels: ["", ""], tags: ["", ""], ...columns },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("getRegionPoles", () => {
  it("decodes the compact form into the columns the map reads", async () => {
    const server = fakeServer({
      "GET /api/poles": () =>
        wire({
          origin: { latitude: 47_400_000, longitude: 8_500_000 },
          latitudes: [-23_100, 41_999],
          longitudes: [41_700, -3],
          risks: "21",
          counts: [3, 1],
          labels: ["", "Mast 4"],
          tags: ["ZH-0007", ""],
          overdue: "10",
          inspections: "23",
        }),
    });
    await expect(getRegionPoles("8.5,47.4")).resolves.toEqual({
      ids: IDS,
      latitudes: [47.3769, 47.441999],
      longitudes: [8.5417, 8.499997],
      risks: [2, 1],
      counts: [3, 1],
      labels: { [IDS[1]!]: "Mast 4" },
      tags: ["ZH-0007", ""],
      overdue: [1, 0],
      inspections: [2, 3],
    });
    expect(server.actions().map((c) => c.path)).toEqual(["/api/poles?region=8.5%2C47.4"]);
  });

  it("fails on an answer whose columns do not line up, rather than drawing poles misplaced", async () => {
    fakeServer({
      "GET /api/poles": () =>
        wire({
          origin: { latitude: 0, longitude: 0 },
          latitudes: [1],
          longitudes: [1, 2],
          risks: "00",
          counts: [0, 0],
          overdue: "00",
          inspections: "33",
        }),
    });
    await expect(getRegionPoles("0,0")).rejects.toThrow();
  });
});
