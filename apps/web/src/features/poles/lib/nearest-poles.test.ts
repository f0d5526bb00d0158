import { describe, expect, it } from "vitest";
import { poleMarkersOf } from "../../../test/records";
import { MOVE_MENU_SIZE, nearestPoles } from "./nearest-poles";

const here = { latitude: 52.52, longitude: 13.4 };

describe("nearestPoles", () => {
  it("lists the other poles nearest first, with their labels and photo counts", () => {
    const poles = poleMarkersOf([
      { id: "here", label: "P-1", latitude: 52.52, longitude: 13.4, count: 2 },
      { id: "far", latitude: 52.56, longitude: 13.4, count: 1 },
      { id: "near", label: "P-7", latitude: 52.521, longitude: 13.4, count: 3 },
      // 0.03° of longitude at 52.5° N is ~2 km, nearer than 0.04° of latitude (~4.4 km).
      { id: "east", latitude: 52.52, longitude: 13.43, count: 4 },
    ]);
    const list = nearestPoles(poles, here, "here");
    expect(list.map(({ id, label, count }) => ({ id, label, count }))).toEqual([
      { id: "near", label: "P-7", count: 3 },
      { id: "east", label: "", count: 4 },
      { id: "far", label: "", count: 1 },
    ]);
    // 0.001° of latitude is 111 m due north; 0.03° of longitude here is ~2 km due east.
    expect(list.map((p) => [Math.round(p.metres), Math.round(p.bearing)])).toEqual([
      [111, 0],
      [2030, 90],
      [4448, 0],
    ]);
  });

  it("offers at most the nearest 50 of 100k poles", () => {
    // Pole p{i} lies i × 1e-6° north, listed farthest first: the nearest are p1 … p50.
    const n = 100_000;
    const list = Array.from({ length: n }, (_, k) => n - k).map((i) => ({
      id: `p${i}`,
      latitude: here.latitude + i * 1e-6,
      longitude: here.longitude,
    }));
    const menu = nearestPoles(poleMarkersOf(list), here, "p0");
    expect(MOVE_MENU_SIZE).toBe(50);
    expect(menu.map((p) => p.id)).toEqual(Array.from({ length: 50 }, (_, k) => `p${k + 1}`));
  });

  it("is empty without poles, and skips positions that are not numbers", () => {
    expect(nearestPoles(undefined, here, "x")).toEqual([]);
    const poles = poleMarkersOf([{ id: "a" }, { id: "b" }]);
    poles.latitudes[0] = Number.NaN;
    expect(nearestPoles(poles, here, "x").map((p) => p.id)).toEqual(["b"]);
  });
});
