/** Lengths as people type them: the unit typed wins, a bare number is in the workspace's unit. */
import { describe, expect, it } from "vitest";
import { parseLength } from "./lengths";

const FT = 0.3048;
const IN = FT / 12;

describe("parseLength", () => {
  it("reads feet and inches the ways crews write them, in either workspace", () => {
    for (const units of ["feet-inches", "metres"] as const) {
      expect(parseLength("6 ft", units)).toBeCloseTo(6 * FT, 12);
      expect(parseLength("6'", units)).toBeCloseTo(6 * FT, 12);
      expect(parseLength("6 feet", units)).toBeCloseTo(6 * FT, 12);
      expect(parseLength("72 in", units)).toBeCloseTo(72 * IN, 12);
      expect(parseLength('72"', units)).toBeCloseTo(72 * IN, 12);
      expect(parseLength(`6' 2"`, units)).toBeCloseTo(6 * FT + 2 * IN, 12);
      expect(parseLength(`6'2"`, units)).toBeCloseTo(6 * FT + 2 * IN, 12);
      expect(parseLength("15 ft 6 in", units)).toBeCloseTo(15.5 * FT, 12);
      expect(parseLength("15 ft 6", units)).toBeCloseTo(15.5 * FT, 12);
      expect(parseLength("6′ 2″", units)).toBeCloseTo(6 * FT + 2 * IN, 12);
    }
  });

  it("reads metres, centimetres and millimetres in either workspace, with a point or a comma", () => {
    for (const units of ["feet-inches", "metres"] as const) {
      expect(parseLength("2 m", units)).toBe(2);
      expect(parseLength("2m", units)).toBe(2);
      expect(parseLength("4,5 m", units)).toBe(4.5);
      expect(parseLength("4.5 metres", units)).toBe(4.5);
      expect(parseLength("250 cm", units)).toBeCloseTo(2.5, 12);
      expect(parseLength("2500 mm", units)).toBeCloseTo(2.5, 12);
    }
  });

  it("reads a bare number in the workspace's unit", () => {
    expect(parseLength("15", "feet-inches")).toBeCloseTo(15 * FT, 12);
    expect(parseLength("2.25", "metres")).toBe(2.25);
    expect(parseLength("4,5", "metres")).toBe(4.5);
    // Feet then inches without the feet's unit, as the stick's list writes nothing else.
    expect(parseLength("15 6", "feet-inches")).toBeCloseTo(15.5 * FT, 12);
    expect(parseLength("15 6", "metres")).toBeNull();
  });

  it("refuses what is no length", () => {
    for (const text of ["", "  ", "two", "2 km", "2 m 3", "ft", "6 ft 2 m", "1.2.3", "6 yd"]) {
      expect(parseLength(text, "feet-inches"), text).toBeNull();
      expect(parseLength(text, "metres"), text).toBeNull();
    }
  });
});
