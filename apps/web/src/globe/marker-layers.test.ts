/**
 * The layers with Cesium's real primitive collections. No WebGL is needed until a frame is
 * drawn, so a stand-in scene (primitives + requestRender) is enough to check what is drawn.
 */
import { Cartesian3, PointPrimitiveCollection, type LabelCollection } from "cesium";
import { describe, expect, it } from "vitest";
import { PhotoLayer } from "./photo-layer";
import { RegionLayer } from "./region-layer";
import { RISK_COLORS } from "@poleatlas/shared";
import { MARKER_STYLE, NOT_RATED_RING, regionMarkers, riskLook, type MarkerRef } from "./markers";
import { poleMarkers } from "./pole-markers";
import { fakeScene } from "./stand-in-scene";
import { poleMarkersOf, region, type PoleFields } from "../test/records";

/** The markers of these poles, as the map builds them from the compact form. */
const poles = (...list: PoleFields[]) => poleMarkers(poleMarkersOf(list));
const lone = (id: string, more: Omit<PoleFields, "id"> = {}): PoleFields => ({ id, ...more });

describe("PhotoLayer", () => {
  it("draws one point per pole, carrying its pole's id for picking, an unrated one as a grey ring", () => {
    const { scene, renders } = fakeScene();
    const layer = new PhotoLayer(scene);
    layer.set(poles(lone("a", { latitude: 52.5, longitude: 13.4 }), lone("b", { latitude: Number.NaN })));
    expect(layer.size).toBe(1);
    const p = layer.point("a")!;
    expect(p.id as MarkerRef).toEqual({ kind: "photo", id: "a" });
    expect(p.color.toCssHexString()).toBe(riskLook("unrated").fill);
    // Grey, not yellow: a yellow ring read as Medium Risk's yellow disc at marker size.
    expect(p.outlineColor.toCssHexString()).toBe(NOT_RATED_RING.toLowerCase());
    expect(p.outlineColor.toCssHexString()).not.toBe(RISK_COLORS.medium.toLowerCase());
    expect(Cartesian3.equalsEpsilon(p.position, Cartesian3.fromDegrees(13.4, 52.5), 1e-6)).toBe(true);
    expect(renders()).toBeGreaterThan(0);
  });

  it("applies a new list as a diff: removed poles go, kept ones stay the same objects", () => {
    const { scene } = fakeScene();
    const layer = new PhotoLayer(scene);
    layer.set(poles(lone("a"), lone("b"), lone("c")));
    const keptBefore = layer.point("a");
    layer.set(poles(lone("a"), lone("c"), lone("d", { longitude: 1 })));
    expect(layer.size).toBe(3);
    expect(layer.point("a")).toBe(keptBefore);
    expect(layer.positionOf("b")).toBeUndefined();
    expect(layer.positionOf("d")).toBeDefined();
  });

  it("highlights the selected photo's pole and restores the previous one", () => {
    const { scene } = fakeScene();
    const layer = new PhotoLayer(scene);
    layer.set(poles(lone("a"), lone("b")));
    const size = (id: string) => layer.point(id)?.pixelSize;
    layer.select("a");
    expect(size("a")).toBe(MARKER_STYLE.selectedPixelSize);
    layer.select("b");
    expect(size("a")).toBe(MARKER_STYLE.photoPixelSize);
    expect(size("b")).toBe(MARKER_STYLE.selectedPixelSize);
    layer.set(poles(lone("b")));
    expect(size("b")).toBe(MARKER_STYLE.selectedPixelSize);
    // Selected before its pole is drawn (the timeline came first): highlighted once it is.
    layer.select("c");
    layer.set(poles(lone("b"), lone("c", { longitude: 2 })));
    expect(size("c")).toBe(MARKER_STYLE.selectedPixelSize);
  });

  it("rings the move list's candidate at its marker, leaving the marker's own look alone", () => {
    const { scene, added } = fakeScene();
    const layer = new PhotoLayer(scene);
    layer.set(poles(lone("a", { latitude: 52.5, longitude: 13.4 }), lone("b", { longitude: 2 })));
    const rings = added.find(
      (p): p is PointPrimitiveCollection => p instanceof PointPrimitiveCollection && p.length === 0,
    )!;
    layer.highlight("a");
    expect(rings.length).toBe(1);
    const ring = rings.get(0);
    expect(Cartesian3.equals(ring.position, layer.positionOf("a"))).toBe(true);
    expect(ring.outlineColor.toCssHexString().toUpperCase()).toBe(MARKER_STYLE.candidateRingColor);
    expect(ring.color.alpha).toBe(0);
    expect((ring.id as MarkerRef).id).toBe("a");
    expect(layer.point("a")?.pixelSize).toBe(MARKER_STYLE.photoPixelSize);
    expect(layer.highlighted()).toBe("a");
    layer.highlight(null);
    expect(rings.length).toBe(0);
    // A pole that is not (or no longer) drawn gets no ring.
    layer.highlight("gone");
    expect(rings.length).toBe(0);
    expect(layer.highlighted()).toBeNull();
  });

  it("recolours a kept point when its pole's risk changes", () => {
    const { scene } = fakeScene();
    const layer = new PhotoLayer(scene);
    layer.set(poles(lone("a")));
    const point = layer.point("a");
    layer.set(poles(lone("a", { risk: "high" })));
    expect(layer.point("a")).toBe(point);
    expect(point?.color.toCssHexString()).toBe(RISK_COLORS.high);
    expect(layer.looks()).toEqual({ a: { fill: RISK_COLORS.high, outline: MARKER_STYLE.outlineColor } });
  });
});

describe("PhotoLayer pole labels", () => {
  it("draws a pole's name beside its marker: its tag, else its label", () => {
    const { scene } = fakeScene();
    const layer = new PhotoLayer(scene);
    layer.set(
      poles(
        lone("p", { label: "P-10423", latitude: 52.5, longitude: 13.4 }),
        lone("q", { latitude: 52.6, longitude: 13.4 }),
      ),
    );
    expect(layer.labelTexts()).toEqual({ p: "P-10423" });
    const label = layer.label("p")!;
    expect(Cartesian3.equalsEpsilon(label.position, Cartesian3.fromDegrees(13.4, 52.5), 1e-6)).toBe(true);
    expect(label.id as MarkerRef).toEqual({ kind: "photo", id: "p" });
    layer.set(poles(lone("p", { tag: "LIV-7", label: "P-10423" }), lone("q", { tag: "" })));
    expect(layer.labelTexts()).toEqual({ p: "LIV-7" });
  });

  it("updates a label in place when it changes, and drops it when cleared or the pole goes", () => {
    const { scene } = fakeScene();
    const layer = new PhotoLayer(scene);
    const q = (label = "") => lone("q", { label, longitude: 3 });
    layer.set(poles(lone("p", { label: "P-1" }), q("Q-1")));
    const drawn = layer.label("p");
    layer.set(poles(lone("p", { label: "P-2" }), q("Q-1")));
    expect(layer.label("p")).toBe(drawn);
    expect(layer.labelTexts()).toEqual({ p: "P-2", q: "Q-1" });
    layer.set(poles(lone("p", { label: "P-2" }), q()));
    expect(layer.labelTexts()).toEqual({ p: "P-2" });
    layer.set(poles(q()));
    expect(layer.labelTexts()).toEqual({});
  });
});

describe("PhotoLayer cells", () => {
  it("spreads points over grid-cell collections and drops emptied cells", () => {
    const { scene } = fakeScene();
    const layer = new PhotoLayer(scene);
    // 0.01° cells: a and b share one, c is two cells east.
    layer.set(
      poles(
        lone("a", { latitude: 52.5001, longitude: 13.4001 }),
        lone("b", { latitude: 52.5002, longitude: 13.4002 }),
        lone("c", { latitude: 52.5001, longitude: 13.4201 }),
      ),
    );
    expect(layer.cellCount).toBe(2);
    layer.set(poles(lone("a", { latitude: 52.5001, longitude: 13.4001 })));
    expect(layer.cellCount).toBe(1);
    expect(layer.size).toBe(1);
    // A pole that moved changes cell.
    layer.set(poles(lone("a", { latitude: -10, longitude: -20 })));
    expect(layer.cellCount).toBe(1);
    expect(Cartesian3.equalsEpsilon(layer.positionOf("a"), Cartesian3.fromDegrees(-20, -10), 1e-6)).toBe(
      true,
    );
  });
});

describe("RegionLayer", () => {
  const regions = [
    region({ id: "13.4,52.5", name: "Region 1", count: 3 }),
    region({ id: "2.3,48.9", name: "Region 2", count: 1 }),
  ];

  it("draws a point and a 'Region N (count images)' label per region", () => {
    const { scene, added } = fakeScene();
    const layer = new RegionLayer(scene);
    layer.set(regionMarkers(regions));
    const labels = added[1] as LabelCollection;
    expect(layer.size).toBe(2);
    expect(labels.length).toBe(2);
    expect([labels.get(0).text, labels.get(1).text]).toEqual(["Region 1 (3 images)", "Region 2 (1 images)"]);
  });

  it("hides the current region's marker and label in region view", () => {
    const { scene, added } = fakeScene();
    const layer = new RegionLayer(scene);
    layer.set(regionMarkers(regions));
    layer.hide("13.4,52.5");
    expect(layer.size).toBe(1);
    expect((added[1] as LabelCollection).get(0).text).toBe("Region 2 (1 images)");
    layer.hide(null);
    expect(layer.size).toBe(2);
    expect(layer.labelCount).toBe(2);
  });

  it("updates a label when a region's count changes", () => {
    const { scene, added } = fakeScene();
    const layer = new RegionLayer(scene);
    layer.set(regionMarkers(regions));
    layer.set(regionMarkers([region({ id: "13.4,52.5", name: "Region 1", count: 4 })]));
    const labels = added[1] as LabelCollection;
    expect(labels.length).toBe(1);
    expect(labels.get(0).text).toBe("Region 1 (4 images)");
  });

  it("drops every label when the last region goes (e.g. the last photos were deleted)", () => {
    const { scene } = fakeScene();
    const layer = new RegionLayer(scene);
    layer.set(regionMarkers(regions));
    expect(layer.labelCount).toBe(2);
    layer.set([]);
    expect(layer.size).toBe(0);
    expect(layer.labelCount).toBe(0);
    expect(layer.labelTexts()).toEqual([]);
  });
});
