import { describe, expect, it } from "vitest";
import { decodePoleIds, decodePoleMarkers, poleMarkersSchema, type PoleMarkersWire } from "./pole-markers";

const IDS = [
  "0a1b2c3d-4e5f-4061-8273-8495a6b7c8d9",
  "ffffffff-0000-4fff-8000-000000000001",
  "12345678-9abc-4def-9012-3456789abcde",
];
/** The ids as the server sends them: their 16 bytes each, one after another, in base64. */
const base64Of = (ids: string[]) =>
  Buffer.from(ids.map((id) => id.replace(/-/g, "")).join(""), "hex").toString("base64");

/** Three poles around the region 13.4,52.5 as the server writes them. */
function wire(overrides: Partial<PoleMarkersWire> = {}): PoleMarkersWire {
  return {
    format: 2,
    count: 3,
    id_bytes: base64Of(IDS),
    origin: { latitude: 52_500_000, longitude: 13_400_000 },
    latitudes: [-49_999, 0, 12_345],
    longitudes: [49_999, -1, -7],
    risks: "032",
    counts: [1, 12, 0],
    labels: ["", 'P-1 "Nord"', ""],
    tags: ["LIV-7", "", ""],
    overdue: "010",
    inspections: "301",
    ...overrides,
  };
}

describe("the compact marker form", () => {
  it("decodes into the columns the map reads: uuid texts, degrees, codes, labels by id", () => {
    expect(decodePoleMarkers(wire())).toEqual({
      ids: IDS,
      latitudes: [52.450001, 52.5, 52.512345],
      longitudes: [13.449999, 13.399999, 13.399993],
      risks: [0, 3, 2],
      counts: [1, 12, 0],
      labels: { [IDS[1]!]: 'P-1 "Nord"' },
      tags: ["LIV-7", "", ""],
      overdue: [0, 1, 0],
      inspections: [3, 0, 1],
    });
  });

  it("gives the same degrees as rounding to 6 decimals (the earlier form's numbers)", () => {
    // Positions across the globe, rounded as PostgreSQL rounds them: round(x * 1e6) / 1e6.
    for (const x of [-179.9999995, -33.8688197, 0.0000004, 8.5417123, 47.3769, 89.9999996]) {
      const origin = Math.round((Math.round(x * 10) / 10) * 1e6);
      const [decoded] = decodePoleMarkers(
        wire({
          count: 1,
          id_bytes: base64Of([IDS[0]!]),
          origin: { latitude: origin, longitude: origin },
          latitudes: [Math.round(x * 1e6) - origin],
          longitudes: [0],
          risks: "0",
          counts: [0],
          labels: [""],
          tags: [""],
          overdue: "0",
          inspections: "3",
        }),
      ).latitudes;
      expect(decoded).toBe(Math.round(x * 1e6) / 1e6);
    }
  });

  it("refuses columns that do not line up, and id bytes that are not 16 a pole", () => {
    expect(poleMarkersSchema.safeParse(wire({ inspections: "30" })).success).toBe(false);
    expect(poleMarkersSchema.safeParse(wire({ latitudes: [0, 0] })).success).toBe(false);
    expect(poleMarkersSchema.safeParse(wire({ id_bytes: base64Of(IDS.slice(0, 2)) })).success).toBe(false);
    expect(poleMarkersSchema.safeParse(wire({ risks: "039" })).success).toBe(false);
    expect(() => decodePoleIds("AAAA", 1)).toThrow(/3 id bytes for 1 poles/);
  });

  it("decodes an empty region", () => {
    const empty = wire({
      count: 0,
      id_bytes: "",
      latitudes: [],
      longitudes: [],
      risks: "",
      counts: [],
      labels: [],
      tags: [],
      overdue: "",
      inspections: "",
    });
    const decoded = poleMarkersSchema.parse(empty);
    expect([decoded.ids, decoded.latitudes, decoded.risks, decoded.tags, decoded.inspections]).toEqual([
      [],
      [],
      [],
      [],
      [],
    ]);
    expect(decoded.labels).toEqual({});
  });

  it("reads an answer of the earlier form (an offline cache's) as it is", () => {
    const earlier = {
      ids: [IDS[0]],
      latitudes: [52.5],
      longitudes: [13.4],
      risks: [1],
      counts: [2],
      labels: {},
    };
    expect(poleMarkersSchema.parse(earlier)).toEqual(earlier);
  });
});
