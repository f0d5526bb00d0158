/** Pick mode, with Cesium's real math and a stand-in camera (a real Viewer needs WebGL). */
import { Cartesian2, Cartesian3, Ellipsoid, type Scene } from "cesium";
import { describe, expect, it } from "vitest";
import { ellipsoidPosition, PositionPicker, type LatLon } from "./position-picker";

const SYDNEY: LatLon = { latitude: -33.8688, longitude: 151.2093 };

/** A camera whose ray through (100, 100) meets the ground at Sydney and elsewhere sees space. */
function fakeScene() {
  return {
    globe: { ellipsoid: Ellipsoid.WGS84 },
    camera: {
      pickEllipsoid: (screen: Cartesian2) =>
        screen.x === 100 && screen.y === 100
          ? Cartesian3.fromDegrees(SYDNEY.longitude, SYDNEY.latitude)
          : undefined,
    },
  } as unknown as Scene;
}

function picker() {
  const canvas = document.createElement("canvas");
  return { canvas, picker: new PositionPicker(canvas, ellipsoidPosition(fakeScene())) };
}

describe("PositionPicker", () => {
  it("answers the clicked point's latitude and longitude on the ellipsoid, crosshair meanwhile", async () => {
    const { canvas, picker: p } = picker();
    const picked = p.pick();
    expect(p.active).toBe(true);
    expect(canvas.style.cursor).toBe("crosshair");
    expect(p.click(new Cartesian2(100, 100))).toBe(true);
    const at = await picked;
    expect(at?.latitude).toBeCloseTo(SYDNEY.latitude, 9);
    expect(at?.longitude).toBeCloseTo(SYDNEY.longitude, 9);
    expect(p.active).toBe(false);
    expect(canvas.style.cursor).toBe("");
  });

  it("keeps waiting after a click into space, and takes the clicks from the markers meanwhile", async () => {
    const { picker: p } = picker();
    const picked = p.pick();
    expect(p.click(new Cartesian2(5, 5))).toBe(true);
    expect(p.active).toBe(true);
    p.click(new Cartesian2(100, 100));
    expect(await picked).not.toBeNull();
  });

  it("answers null when cancelled or replaced, and leaves later clicks to the markers", async () => {
    const { canvas, picker: p } = picker();
    const first = p.pick();
    const second = p.pick();
    expect(await first).toBeNull();
    p.cancel();
    expect(await second).toBeNull();
    expect(canvas.style.cursor).toBe("");
    expect(p.click(new Cartesian2(100, 100))).toBe(false);
  });
});
