/**
 * The preview's lines with Cesium's real collections and a stand-in scene (no WebGL until a frame
 * is drawn): a locate's rays from each camera along its bearing, the one left out dimmed, and the
 * circle of uncertainty around the estimate at its radius.
 */
import { Cartesian3, Ellipsoid } from "cesium";
import { describe, expect, it } from "vitest";
import { destination, distanceM } from "./ground-geometry";
import { fakeScene } from "./stand-in-scene";
import { LEFT_OUT_RAY_COLOR, PreviewLayer } from "./preview-layer";

const ESTIMATE = { latitude: 52.5, longitude: 13.4 };
const CAMERA_A = destination(ESTIMATE, 180, 12);
const CAMERA_B = destination(ESTIMATE, 270, 9);

const degrees = (c: Cartesian3) => {
  const g = Ellipsoid.WGS84.cartesianToCartographic(c);
  return { latitude: (g.latitude * 180) / Math.PI, longitude: (g.longitude * 180) / Math.PI };
};

describe("PreviewLayer: a locate's rays and circle", () => {
  it("draws each ray from its camera to its end, a left-out one grey, then the circle at its radius", () => {
    const { scene, renders } = fakeScene();
    const layer = new PreviewLayer(scene);
    layer.set([ESTIMATE], {
      rays: [
        { from: CAMERA_A, to: destination(CAMERA_A, 0, 24), used: true },
        { from: CAMERA_B, to: destination(CAMERA_B, 45, 18), used: false },
      ],
      circle: { ...ESTIMATE, radiusM: 4 },
    });
    expect(layer.size).toBe(1);
    expect(layer.lineCount).toBe(3);
    const first = layer.line(0);
    expect(
      Cartesian3.equalsEpsilon(
        first.positions[0],
        Cartesian3.fromDegrees(CAMERA_A.longitude, CAMERA_A.latitude),
        0,
        1e-3,
      ),
    ).toBe(true);
    expect(distanceM(degrees(first.positions[1]!), ESTIMATE)).toBeCloseTo(12, 1);
    expect(first.color).not.toBe(LEFT_OUT_RAY_COLOR);
    expect(layer.line(1).color).toBe(LEFT_OUT_RAY_COLOR);
    const ring = layer.line(2).positions.map(degrees);
    expect(ring.length).toBeGreaterThan(16);
    for (const p of ring) expect(distanceM(p, ESTIMATE)).toBeCloseTo(4, 2);
    expect(renders()).toBeGreaterThan(0);
  });

  it("clears the lines with the points when the preview is cleared, and draws none for a track", () => {
    const { scene } = fakeScene();
    const layer = new PreviewLayer(scene);
    layer.set([ESTIMATE], {
      rays: [{ from: CAMERA_A, to: ESTIMATE, used: true }],
      circle: { ...ESTIMATE, radiusM: 3 },
    });
    layer.set([]);
    expect(layer.size).toBe(0);
    expect(layer.lineCount).toBe(0);
    layer.set([ESTIMATE, CAMERA_A]);
    expect(layer.lineCount).toBe(0);
  });

  it("leaves the scene as it found it when destroyed", () => {
    const { scene, added } = fakeScene();
    const layer = new PreviewLayer(scene);
    expect(added).toHaveLength(2);
    layer.destroy();
    expect(added).toHaveLength(0);
  });
});
