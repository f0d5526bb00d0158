/** Which poles are named beside their markers: street zoom, on the canvas, decluttered, capped. */
import { describe, expect, it } from "vitest";
import {
  MAX_POLE_NAMES,
  POLE_NAME_LINE_PX,
  poleNamesToDraw,
  STREET_ZOOM_MAX_HEIGHT_M,
  type NameView,
  type PoleNameCandidate,
} from "./pole-names";

const STREET: NameView = { cameraHeight: 300, width: 1000, height: 800, selectedId: null };
const pole = (
  id: string,
  x: number,
  y: number,
  more: Partial<PoleNameCandidate> = {},
): PoleNameCandidate => ({
  id,
  name: `LIV-${id}`,
  x,
  y,
  priority: 0,
  ...more,
});

describe("poleNamesToDraw", () => {
  it("names the poles on the canvas at street zoom, none above it but the selected one", () => {
    const poles = [pole("a", 100, 100), pole("b", 500, 400), pole("off", -5, 100), pole("below", 200, 801)];
    expect(poleNamesToDraw(poles, STREET)).toEqual(["b", "a"]);
    const above = { ...STREET, cameraHeight: STREET_ZOOM_MAX_HEIGHT_M + 1 };
    expect(poleNamesToDraw(poles, above)).toEqual([]);
    expect(poleNamesToDraw(poles, { ...above, selectedId: "a" })).toEqual(["a"]);
    expect(poleNamesToDraw(poles, { ...STREET, cameraHeight: STREET_ZOOM_MAX_HEIGHT_M })).toHaveLength(2);
  });

  it("leaves out a name that would overlap one chosen before: selected, then riskier, then nearer the middle", () => {
    // All on one line, 20 px apart: each name (~50 px) reaches the next two markers' names.
    const row = [pole("1", 460, 400), pole("2", 480, 400), pole("3", 500, 400), pole("4", 520, 400)];
    expect(poleNamesToDraw(row, STREET)).toEqual(["3"]);
    expect(poleNamesToDraw(row, { ...STREET, selectedId: "1" })).toEqual(["1", "4"]);
    const risky = row.map((p) => (p.id === "4" ? { ...p, priority: 3 } : p));
    expect(poleNamesToDraw(risky, STREET)).toEqual(["4", "1"]);
    // A line apart, names do not overlap.
    const column = [pole("1", 500, 400), pole("2", 500, 400 + POLE_NAME_LINE_PX)];
    expect(poleNamesToDraw(column, STREET)).toEqual(["1", "2"]);
  });

  it("names no pole without a name, and at most MAX_POLE_NAMES in a dense view", () => {
    expect(poleNamesToDraw([pole("a", 10, 10, { name: "" })], STREET)).toEqual([]);
    const dense = Array.from({ length: 5000 }, (_, i) =>
      pole(String(i), (i % 50) * 20, Math.floor(i / 50) * 8),
    );
    const named = poleNamesToDraw(dense, STREET);
    expect(named.length).toBe(MAX_POLE_NAMES);
    expect(new Set(named).size).toBe(named.length);
  });
});
