import { describe, expect, it } from "vitest";
import { PA_PER_PSI, strengthOf } from "./pole-strength";

describe("a pole's strength inputs", () => {
  it("take what was measured, say so, and default the rest from length, species and class", () => {
    const s = strengthOf({
      height_m: 12.2,
      class: "4",
      species: "southern_pine",
      groundline_circumference_m: 1.0,
    });
    // 10 % of 12.2 m + 0.6 m; 8,000 psi; class 4's 21 in.
    expect(s.setting_depth_m).toEqual({ value: expect.closeTo(1.82, 9) as number, source: "default" });
    expect(s.fibre_stress_pa).toEqual({ value: 8000 * 6894.757, source: "default" });
    expect(s.groundline_circumference_m).toEqual({ value: 1.0, source: "measured" });
    expect(s.top_circumference_m).toEqual({
      value: expect.closeTo(21 * 0.0254, 12) as number,
      source: "default",
    });
    const m = strengthOf({ height_m: 12.2, class: "4", setting_depth_m: 2, top_circumference_m: 0.6 });
    expect(m.setting_depth_m).toEqual({ value: 2, source: "measured" });
    expect(m.top_circumference_m).toEqual({ value: 0.6, source: "measured" });
    expect(PA_PER_PSI).toBe(6894.757);
  });

  it("name what is unknown as missing instead of guessing", () => {
    const s = strengthOf({ height_m: null, class: "H1", species: "constructor" });
    expect(s).toEqual({
      setting_depth_m: { value: null, source: "missing" },
      fibre_stress_pa: { value: null, source: "missing" },
      groundline_circumference_m: { value: null, source: "missing" },
      top_circumference_m: { value: null, source: "missing" },
    });
    expect(strengthOf({ height_m: 10, class: "toString" }).top_circumference_m.source).toBe("missing");
  });
});
