import { describe, expect, it } from "vitest";
import {
  declutterLabels,
  isSoftwareRenderer,
  regionLabel,
  regionMarkers,
  regionsToLabel,
  shouldReturnToOverview,
  MARKER_STYLE,
  NOT_RATED_RING,
  regionOutline,
  riskLook,
  toMarkerRef,
} from "./markers";
import { RISK_COLORS } from "@poleatlas/shared";
import { region } from "../test/records";

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

  it("follows the legend: counts of the levels shown, the worst shown as ring, empty regions left out", () => {
    const mixed = region({
      id: "13.4,52.5",
      name: "Region 1",
      risk: { high: 1, medium: 2, low: 0, unrated: 3 },
    });
    const unrated = region({
      id: "2.3,48.9",
      name: "Region 2",
      risk: { high: 0, medium: 0, low: 0, unrated: 2 },
    });
    const noHigh = regionMarkers([mixed, unrated], new Set(["high"]));
    expect(noHigh.map((m) => [m.label, m.outline])).toEqual([
      ["Region 1 (5 of 6 poles)", "#ff9800"],
      ["Region 2 (1 images)", "#000000"],
    ]);
    const noneRated = regionMarkers([mixed, unrated], new Set(["unrated", "high", "medium"]));
    expect(noneRated).toEqual([]);
    // A region without poles (photos from before poles) has nothing to hide.
    const old = region({ id: "1,1", risk: { high: 0, medium: 0, low: 0, unrated: 0 } });
    expect(regionMarkers([old], new Set(["unrated"]))).toHaveLength(1);
  });

  it("skips positions that are not on the globe", () => {
    expect(regionMarkers([region({ id: "a", longitude: 200, latitude: 0 })])).toEqual([]);
    expect(regionMarkers([region({ id: "b", longitude: 0, latitude: Number.NaN })])).toEqual([]);
  });

  it("uses the spec's words even for one image", () => {
    expect(regionLabel({ name: "Region 7", count: 1 })).toBe("Region 7 (1 images)");
  });

  it("counts the poles too where the workspace imported a register", () => {
    expect(regionLabel({ name: "Region 4", count: 37, poles: 120 })).toBe("Region 4 (120 poles, 37 images)");
    expect(regionLabel({ name: "Region 5", count: 0, poles: 3 })).toBe("Region 5 (3 poles, 0 images)");
  });
});

describe("riskLook and regionOutline", () => {
  it("draws an unrated pole as a grey ring, never in Medium's yellow", () => {
    expect(riskLook("unrated").fill).not.toBe(RISK_COLORS.medium);
    // A yellow ring was taken for Medium's yellow disc at marker size.
    expect(riskLook("unrated").outline).not.toBe(MARKER_STYLE.color);
    expect(riskLook("unrated").outline).toBe(NOT_RATED_RING);
    expect(riskLook("high")).toEqual({ fill: RISK_COLORS.high, outline: MARKER_STYLE.outlineColor });
  });

  it("outlines a region by its worst pole: red for any High, orange for Medium", () => {
    const look = (risk: { high: number; medium: number; low: number; unrated: number }) =>
      regionOutline(region({ id: "1,1", risk }));
    expect(look({ high: 1, medium: 2, low: 0, unrated: 3 })).toBe(RISK_COLORS.high);
    expect(look({ high: 0, medium: 2, low: 1, unrated: 0 })).toBe("#ff9800");
    expect(look({ high: 0, medium: 0, low: 1, unrated: 9 })).toBe(MARKER_STYLE.outlineColor);
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
    expect(shouldReturnToOverview("region", 10_001, false, 10_000, true)).toBe(true);
    expect(shouldReturnToOverview("region", 10_000, false, 10_000, true)).toBe(false);
    expect(shouldReturnToOverview("region", 50_000, true, 10_000, true)).toBe(false);
    expect(shouldReturnToOverview("overview", 50_000, false, 10_000, true)).toBe(false);
  });

  it("keeps a region a link names while the camera has not been sent there yet", () => {
    // A reload of /map?region=…: the camera stands over the overview until the regions arrive.
    expect(shouldReturnToOverview("region", 20_000_000, false, 10_000, false)).toBe(false);
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
