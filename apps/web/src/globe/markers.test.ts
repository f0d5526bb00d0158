import { describe, expect, it } from "vitest";
import {
  declutterLabels,
  isSoftwareRenderer,
  photoMarkers,
  regionLabel,
  regionMarkers,
  regionsToLabel,
  shouldReturnToOverview,
  MARKER_STYLE,
  regionOutline,
  riskLook,
  toMarkerRef,
} from "./markers";
import { RISK_COLORS } from "@poleatlas/shared";
import { photo, region } from "../test/records";

describe("regionMarkers", () => {
  it("labels each region 'Region N (count images)' at its position", () => {
    const markers = regionMarkers([
      region({ id: "13.4,52.5", name: "Region 1", count: 3 }),
      region({ id: "-0.1,51.5", name: "Region 2", count: 1 }),
    ]);
    expect(markers).toEqual([
      {
        kind: "region",
        id: "13.4,52.5",
        longitude: 13.4,
        latitude: 52.5,
        label: "Region 1 (3 images)",
        count: 3,
        outline: "#000000",
      },
      {
        kind: "region",
        id: "-0.1,51.5",
        longitude: -0.1,
        latitude: 51.5,
        label: "Region 2 (1 images)",
        count: 1,
        outline: "#000000",
      },
    ]);
  });

  it("skips positions that are not on the globe", () => {
    expect(regionMarkers([region({ id: "a", longitude: 200, latitude: 0 })])).toEqual([]);
    expect(regionMarkers([region({ id: "b", longitude: 0, latitude: Number.NaN })])).toEqual([]);
  });

  it("uses the spec's words even for one image", () => {
    expect(regionLabel({ name: "Region 7", count: 1 })).toBe("Region 7 (1 images)");
  });
});

describe("photoMarkers", () => {
  it("places every photo with a position and leaves out those without", () => {
    const markers = photoMarkers([
      photo({ id: "a", latitude: -33.9, longitude: 151.2 }),
      photo({ id: "b", latitude: null, longitude: null }),
      photo({ id: "c", latitude: 10, longitude: null }),
    ]);
    expect(markers).toEqual([
      {
        kind: "photo",
        id: "a",
        longitude: 151.2,
        latitude: -33.9,
        risk: "unrated",
        photoIds: ["a"],
        label: "",
        ...riskLook("unrated"),
      },
    ]);
  });

  it("gives each pole its set label, by pole id", () => {
    const labels = new Map([["p", "P-10423"]]);
    const markers = photoMarkers(
      [photo({ id: "a", pole_id: "p" }), photo({ id: "b", pole_id: "q", longitude: 3 })],
      new Set(),
      labels,
    );
    expect(markers.map((m) => [m.id, m.label])).toEqual([
      ["a", "P-10423"],
      ["b", ""],
    ]);
  });

  it("draws one marker per pole at its first photo, named by its latest, coloured by its latest rating", () => {
    const markers = photoMarkers([
      photo({ id: "new", pole_id: "p", date: "2025-01-01", latitude: 1.00005, longitude: 2, risk: null }),
      photo({ id: "old", pole_id: "p", date: "2023-01-01", latitude: 1, longitude: 2, risk: "low" }),
      photo({ id: "mid", pole_id: "p", date: "2024-01-01", latitude: 1, longitude: 2.00003, risk: "high" }),
      photo({ id: "other", pole_id: "q", latitude: 5, longitude: 5, risk: null }),
    ]);
    expect(markers.map((m) => [m.id, m.latitude, m.longitude, m.risk, m.fill])).toEqual([
      ["new", 1, 2, "high", RISK_COLORS.high],
      ["other", 5, 5, "unrated", riskLook("unrated").fill],
    ]);
    expect(markers[0]?.photoIds).toEqual(["old", "mid", "new"]);
    // An unrated pole is a yellow ring, never Medium's filled yellow disc.
    expect(riskLook("unrated").fill).not.toBe(RISK_COLORS.medium);
    expect(riskLook("unrated").outline).toBe(MARKER_STYLE.color);
  });

  it("leaves out the poles of hidden risk levels", () => {
    const photos = [
      photo({ id: "h", pole_id: "h", risk: "high" }),
      photo({ id: "u", pole_id: "u", risk: null }),
      photo({ id: "l", pole_id: "l", risk: "low" }),
    ];
    expect(photoMarkers(photos, new Set(["high", "unrated"] as const)).map((m) => m.id)).toEqual(["l"]);
  });

  it("outlines a region by its worst pole: red for any High, orange for Medium", () => {
    const look = (risk: { high: number; medium: number; low: number; unrated: number }) =>
      regionOutline(region({ id: "1,1", risk }));
    expect(look({ high: 1, medium: 2, low: 0, unrated: 3 })).toBe(RISK_COLORS.high);
    expect(look({ high: 0, medium: 2, low: 1, unrated: 0 })).toBe("#ff9800");
    expect(look({ high: 0, medium: 0, low: 1, unrated: 9 })).toBe(MARKER_STYLE.outlineColor);
  });

  it("keeps 100k poles, in order", () => {
    const many = Array.from({ length: 100_000 }, (_, i) =>
      photo({ id: `p${i}`, pole_id: `pole${i}`, latitude: (i % 180) - 89.5, longitude: (i % 360) - 179.5 }),
    );
    const markers = photoMarkers(many);
    expect(markers).toHaveLength(100_000);
    expect(markers[99_999]?.id).toBe("p99999");
  });
});

describe("toMarkerRef", () => {
  it("reads our markers back from a pick and ignores anything else", () => {
    expect(toMarkerRef({ id: { kind: "photo", id: "x" }, primitive: {} })).toEqual({
      kind: "photo",
      id: "x",
    });
    expect(toMarkerRef({ id: { kind: "region", id: "1,2" } })).toEqual({ kind: "region", id: "1,2" });
    expect(toMarkerRef(undefined)).toBeUndefined();
    expect(toMarkerRef({ id: "entity-id" })).toBeUndefined();
    expect(toMarkerRef({ id: { kind: "other", id: "x" } })).toBeUndefined();
  });
});

describe("regionsToLabel", () => {
  const markers = regionMarkers([
    region({ id: "10,50", name: "Region 1", count: 5 }),
    region({ id: "11,50", name: "Region 2", count: 50 }),
    region({ id: "179.9,0", name: "Region 3", count: 2 }),
    region({ id: "-179.9,0", name: "Region 4", count: 1 }),
  ]);

  it("labels only what is in view", () => {
    const ids = regionsToLabel(markers, { west: 9, south: 49, east: 10.5, north: 51 }).map((m) => m.id);
    expect(ids).toEqual(["10,50"]);
  });

  it("handles a view across the antimeridian", () => {
    const ids = regionsToLabel(markers, { west: 179, south: -1, east: -179, north: 1 }).map((m) => m.id);
    expect(ids).toEqual(["179.9,0", "-179.9,0"]);
  });

  it("keeps the biggest regions when over budget", () => {
    expect(regionsToLabel(markers, undefined, 2).map((m) => m.id)).toEqual(["11,50", "10,50"]);
  });
});

describe("declutterLabels", () => {
  const at: Record<string, { x: number; y: number } | undefined> = {
    "1,1": { x: 100, y: 100 },
    "2,2": { x: 150, y: 110 }, // overlaps the first
    "3,3": { x: 100, y: 140 }, // one line lower: free
    "4,4": { x: 400, y: 100 },
    "5,5": undefined, // behind the globe
  };
  const markers = regionMarkers(
    Object.keys(at).map((id, i) => region({ id, name: `Region ${i + 1}`, count: [5, 50, 3, 1, 99][i]! })),
  );

  it("keeps the bigger of two overlapping labels and drops what is not on screen", () => {
    const kept = declutterLabels(markers, (m) => at[m.id]).map((m) => m.id);
    expect(kept).toEqual(["2,2", "3,3", "4,4"]);
  });
});

describe("shouldReturnToOverview", () => {
  it("returns above the limit in region view, not during a flight or in the overview", () => {
    expect(shouldReturnToOverview("region", 10_001, false, 10_000)).toBe(true);
    expect(shouldReturnToOverview("region", 10_000, false, 10_000)).toBe(false);
    expect(shouldReturnToOverview("region", 50_000, true, 10_000)).toBe(false);
    expect(shouldReturnToOverview("overview", 50_000, false, 10_000)).toBe(false);
  });
});

describe("isSoftwareRenderer", () => {
  it("recognises SwiftShader and llvmpipe, not real GPUs", () => {
    expect(
      isSoftwareRenderer("ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)"),
    ).toBe(true);
    expect(isSoftwareRenderer("llvmpipe (LLVM 15.0.6, 256 bits)")).toBe(true);
    expect(isSoftwareRenderer("ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0)")).toBe(
      false,
    );
    expect(isSoftwareRenderer(undefined)).toBe(false);
  });
});
