/**
 * The layers' capping with Cesium's real collections and a stand-in camera (a real one needs
 * WebGL): a flat projection, 1 px = 0.0001°, x east from 13.4°, y south from 52.6°.
 */
import { Cartographic, Color, Event, PointPrimitiveCollection, type Scene } from "cesium";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  MARKER_STYLE,
  regionMarkers,
  riskLook,
  toMarkerRef,
  type PoleMarkerSpec,
  type RiskKey,
} from "./markers";
import { PhotoLayer } from "./photo-layer";
import { STREET_ZOOM_MAX_HEIGHT_M } from "./pole-names";
import { RegionLayer } from "./region-layer";
import type { ScreenView } from "./screen-view";
import { region } from "../test/records";

const PX = 0.0001;

function flatView(zoom = 1, cameraHeight = 3000): ScreenView {
  return {
    ...{ width: 1000, height: 800, box: undefined, cameraHeight },
    project(position) {
      const c = Cartographic.fromCartesian(position);
      const [lon, lat] = [(c.longitude * 180) / Math.PI, (c.latitude * 180) / Math.PI];
      return { x: ((lon - 13.4) / PX) * zoom, y: ((52.6 - lat) / PX) * zoom, seen: true };
    },
  };
}

function fakeScene() {
  const added: unknown[] = [];
  const scene = {
    primitives: { add: (p: unknown) => added.push(p), remove: () => true },
    requestRender: () => {},
  };
  return { scene: scene as unknown as Scene, added };
}

let view = flatView();
class CappedPhotoLayer extends PhotoLayer {
  protected override screenView() {
    return view;
  }
}
class CappedRegionLayer extends RegionLayer {
  protected override screenView() {
    return view;
  }
}

/** A pole at canvas pixel (x, y). */
const pole = (id: string, x: number, y: number, risk: RiskKey = "low", label = ""): PoleMarkerSpec => ({
  ...{ kind: "photo", id, longitude: 13.4 + x * PX, latitude: 52.6 - y * PX },
  ...{ risk, label, ...riskLook(risk) },
});

/** A photo layer over the flat view at `zoom`, holding `poles`. */
function photoLayer(poles: PoleMarkerSpec[], zoom = 1, cameraHeight = 3000) {
  view = flatView(zoom, cameraHeight);
  const { scene, added } = fakeScene();
  const layer = new CappedPhotoLayer(scene);
  layer.set(poles);
  return { layer, added };
}

/** The ids in the layer's point collection: what a frame draws and a pick can return. */
function drawnIds(added: unknown[]): string[] {
  const points = added.find((p) => p instanceof PointPrimitiveCollection) as PointPrimitiveCollection;
  const out: string[] = [];
  for (let i = 0; i < points.length; i++) out.push(toMarkerRef(points.get(i))!.id);
  return out.sort();
}

describe("PhotoLayer in a dense view", () => {
  it("draws one pole where poles crowd closer than a marker's size, the highest risk, and holds the others", () => {
    const { layer, added } = photoLayer([
      pole("a", 100, 100),
      pole("b", 102, 101, "high"),
      pole("c", 101, 103, "unrated"),
      pole("d", 300, 100),
    ]);
    expect(drawnIds(added)).toEqual(["b", "d"]);
    expect(layer.size).toBe(4);
    expect(layer.drawnCount).toBe(2);
    expect(layer.point("a")).toBeUndefined();
    expect(Object.keys(layer.looks()).sort()).toEqual(["a", "b", "c", "d"]);
    expect(layer.positionOf("a")).toBeDefined();
  });

  it("draws a new red pole in a crowded spot right after the data change, in place of a green one", () => {
    const { layer, added } = photoLayer([pole("a", 100, 100), pole("d", 300, 100)]);
    const kept = layer.point("d");
    layer.set([pole("a", 100, 100), pole("e", 101, 101, "high"), pole("d", 300, 100)]);
    expect(drawnIds(added)).toEqual(["d", "e"]);
    expect(layer.point("d")).toBe(kept);
  });

  it("draws and highlights the selected pole even where the cap would hide it, without hiding the red one beside it", () => {
    const poles = [pole("a", 100, 100), pole("b", 101, 101, "high")];
    const { layer, added } = photoLayer(poles);
    layer.select("a");
    expect(drawnIds(added)).toEqual(["a", "b"]);
    expect(layer.point("a")?.pixelSize).toBe(MARKER_STYLE.selectedPixelSize);
    layer.set(poles);
    layer.refresh();
    expect(layer.point("a")?.pixelSize).toBe(MARKER_STYLE.selectedPixelSize);
  });

  it("keeps the selected pole's highlight when its risk changes", () => {
    const { layer } = photoLayer([pole("a", 100, 100), pole("d", 300, 100)]);
    layer.select("a");
    layer.set([pole("a", 100, 100, "high"), pole("d", 300, 100)]);
    const point = layer.point("a")!;
    expect(point.color.equals(Color.fromCssColorString(riskLook("high").fill))).toBe(true);
    expect(point.pixelSize).toBe(MARKER_STYLE.selectedPixelSize);
    expect(point.outlineColor.equals(Color.fromCssColorString(MARKER_STYLE.selectedOutlineColor))).toBe(true);
  });

  it("names only drawn poles, so no tag sits beside the wrong marker", () => {
    const crowded = [pole("a", 100, 100, "low", "A-1"), pole("b", 101, 101, "high", "B-1")];
    const { layer } = photoLayer(crowded, 1, STREET_ZOOM_MAX_HEIGHT_M);
    expect(layer.labelTexts()).toEqual({ b: "B-1" });
  });

  it("names poles at street zoom only, and the selected pole at any height", () => {
    const apart = [
      pole("a", 100, 100, "low", "A-1"),
      pole("b", 300, 300, "high", "B-1"),
      pole("c", 500, 500),
    ];
    const { layer } = photoLayer(apart, 1, 250);
    expect(layer.labelTexts()).toEqual({ a: "A-1", b: "B-1" });
    // From the region view's 3000 m a name would cover its neighbours' markers.
    view = flatView(1, 3000);
    layer.refresh();
    expect(layer.labelTexts()).toEqual({});
    layer.select("a");
    expect(layer.labelTexts()).toEqual({ a: "A-1" });
    layer.select(null);
    expect(layer.labelTexts()).toEqual({});
  });

  it("after a camera move draws what the new view shows: apart when zoomed in, none far off screen", () => {
    // 3 px apart: one cell now; x = -600 is beyond the half-canvas margin, x = -100 within it.
    const { layer, added } = photoLayer([
      pole("a", 100, 100),
      pole("b", 103, 100, "high"),
      pole("far", -600, 100),
      pole("near", -100, 100),
    ]);
    expect(drawnIds(added)).toEqual(["b", "near"]);
    view = flatView(8);
    layer.refresh();
    expect(drawnIds(added)).toEqual(["a", "b"]);
  });
});

/** A stand-in scene with the events onViewChanged listens to. */
function sceneWithCamera() {
  const { scene, added } = fakeScene();
  const events = { moveStart: new Event(), moveEnd: new Event(), postRender: new Event() };
  const withCamera = Object.assign(scene, {
    camera: { moveStart: events.moveStart, moveEnd: events.moveEnd },
    postRender: events.postRender,
    canvas: {},
  });
  return { scene: withCamera, added, events };
}

/** The browser's ResizeObserver (jsdom has none); `created` gets what a resize calls back. */
function stubResizeObserver(created: (callback: () => void) => void = () => {}) {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(callback: () => void) {
        created(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
}

describe("PointLayer when the view changes", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("follows a zoom while it goes on, at most every 250 ms, and once more when it stops", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    stubResizeObserver();
    view = flatView();
    const { scene, added, events } = sceneWithCamera();
    const layer = new CappedPhotoLayer(scene);
    layer.set([pole("a", 100, 100), pole("b", 103, 100, "high")]);
    expect(drawnIds(added)).toEqual(["b"]);

    // Zooming in: 3 px apart become 24.
    events.moveStart.raiseEvent();
    view = flatView(8);
    events.postRender.raiseEvent();
    expect(drawnIds(added)).toEqual(["b"]); // too soon after the start
    vi.advanceTimersByTime(260);
    events.postRender.raiseEvent();
    expect(drawnIds(added)).toEqual(["a", "b"]);
    // ...and back out within the same move.
    view = flatView();
    vi.advanceTimersByTime(100);
    events.postRender.raiseEvent();
    expect(drawnIds(added)).toEqual(["a", "b"]); // 100 ms after the last: not yet
    events.moveEnd.raiseEvent();
    expect(drawnIds(added)).toEqual(["b"]);

    // A still camera: frames alone redraw nothing.
    view = flatView(8);
    vi.advanceTimersByTime(1000);
    events.postRender.raiseEvent();
    expect(drawnIds(added)).toEqual(["b"]);
  });

  it("draws what the new size shows once the resizing stops, with no camera move", () => {
    vi.useFakeTimers();
    const observers: (() => void)[] = [];
    stubResizeObserver((callback) => observers.push(callback));
    view = flatView();
    const { scene, added } = sceneWithCamera();
    const layer = new CappedPhotoLayer(scene);
    layer.set([pole("a", 100, 100), pole("b", 103, 100, "high")]);
    expect(drawnIds(added)).toEqual(["b"]);

    // The same camera over a bigger canvas: 3 px became 24 px apart.
    view = flatView(8);
    for (const resized of observers) resized();
    vi.advanceTimersByTime(100);
    expect(drawnIds(added)).toEqual(["b"]);
    for (const resized of observers) resized();
    vi.advanceTimersByTime(250);
    expect(drawnIds(added)).toEqual(["a", "b"]);
  });
});

describe("RegionLayer in a dense view", () => {
  it("draws the worst-risk region of a crowded spot, then the biggest; a hidden one takes no cell", () => {
    view = flatView();
    const { scene, added } = fakeScene();
    const layer = new CappedRegionLayer(scene);
    const at = (x: number) => 13.4 + x * PX;
    const big = region({ id: "big", longitude: at(100), latitude: 52.59, count: 500, name: "Region 1" });
    const small = region({ id: "small", longitude: at(101), latitude: 52.59, count: 5, name: "Region 2" });
    const risky = {
      ...region({ id: "risky", longitude: at(102), latitude: 52.59, count: 1, name: "Region 3" }),
      risk: { high: 1, medium: 0, low: 0, unrated: 0 },
    };
    layer.set(regionMarkers([big, small]));
    expect(drawnIds(added)).toEqual(["big"]);
    expect(layer.labelTexts()).toEqual(["Region 1 (500 images)"]);
    layer.set(regionMarkers([big, small, risky]));
    expect(drawnIds(added)).toEqual(["risky"]);
    layer.set(regionMarkers([big, small]));
    layer.hide("big");
    expect(drawnIds(added)).toEqual(["small"]);
    expect(layer.labelTexts()).toEqual(["Region 2 (5 images)"]);
    expect(layer.size).toBe(1);
  });
});
