/**
 * The loading check against moments worked by hand here, step by step as an engineer would on a
 * sheet (the numbers in the comments are the sheet's), equal within 0.5 %.
 */
import { nesc250b, nesc250c, type LoadCase } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { checkCase, checkLoading, type LoadingInput } from "./loading-method";

/** Within 0.5 % of the hand's figure. */
const near = (actual: number, hand: number) =>
  expect(Math.abs(actual - hand) / Math.abs(hand)).toBeLessThan(0.005);

// A 40 ft class 4 Southern Pine pole: length 12.2 m, set 10 % + 0.6 m = 1.82 m deep, so
// H = 10.38 m above ground; ground-line circumference 1.00 m (d = 0.3183 m); top 21 in = 0.5334 m
// (d = 0.1698 m); fibre stress 8,000 psi = 55.158 MPa.
const H = 12.2 - (0.1 * 12.2 + 0.6);
const C_GL = 1.0;
const C_TOP = 21 * 0.0254;
const FB = 8000 * 6894.757;
const pole = (parts: Partial<LoadingInput> = {}): LoadingInput => ({
  above_ground_m: H,
  groundline_diameter_m: C_GL / Math.PI,
  top_diameter_m: C_TOP / Math.PI,
  groundline_circumference_m: C_GL,
  fibre_stress_pa: FB,
  wires: [],
  equipment: [],
  guys: [],
  ...parts,
});
// NESC 250B medium, grade C: p = 190 Pa, ice 6.5 mm, k = 2.5 N/m, wind × 1.75, tension × 1.30,
// strength × 0.85.
const MEDIUM_C = nesc250b("medium", "C");
/** Tension only: no wind, no ice, the grade C tension factor. */
const STILL: LoadCase = { ...MEDIUM_C, name: "still air", wind_pa: 0, ice_mm: 0, k_n_per_m: 0 };

// Pole wind, 250B medium C: 190 · 10.38² · (0.3183 + 2·0.1698) / 6 = 2,244.6 N·m; × 1.75 = 3,928.1.
const POLE_WIND_MEDIUM = ((190 * H ** 2 * (C_GL / Math.PI + (2 * C_TOP) / Math.PI)) / 6) * 1.75;
// Resisting: 0.85 · 55.158e6 · 1.00³ / (32·π²) = 0.85 · 174,646 = 148,449 N·m.
const RESISTING_C = (0.85 * FB * C_GL ** 3) / (32 * Math.PI ** 2);

describe("the loading check", () => {
  it("takes a dead end's whole tension at the ground line", () => {
    // One wire dead-ended at 9 m, 10 kN toward the east, 50 m span. Still air: 1.30 · 10 kN · 9 m
    // = 117 kN·m; 117 / 148.45 = 78.8 %.
    const wire = {
      height_m: 9,
      diameter_m: 0.02,
      tension_n: 10_000,
      spans: [{ bearing_deg: 90, length_m: 50 }],
    };
    const still = checkCase(pole({ wires: [wire] }), STILL);
    near(still.applied_kNm, 117);
    near(still.moments_kNm.tension, 117);
    near(still.resisting_kNm!, RESISTING_C / 1000);
    near(still.utilization_pct, (117_000 / RESISTING_C) * 100);
    expect(still.pass).toBe(true);

    // With the medium wind: the pole's 3,928 N·m in the wind's direction φ from the east, and the
    // wire's (190·(0.020 + 2·0.0065) + 2.5) = 8.77 N/m · 25 m · |sin φ| · 9 m · 1.75 = 3,453 |sin φ|.
    // |M|² = (117,000 + W cos φ)² + (W sin φ)², W = 3,928 + 3,453 sin φ: tabulated over φ by 0.01°
    // its largest value is at φ ≈ 28° (wind from ≈ 242° or 298°).
    const a = POLE_WIND_MEDIUM;
    const b = (190 * (0.02 + 0.013) + 2.5) * 25 * 9 * 1.75;
    let hand = 0;
    let handPhi = 0;
    for (let phi = 0; phi <= 90; phi += 0.01) {
      const s = Math.sin((phi * Math.PI) / 180);
      const c = Math.cos((phi * Math.PI) / 180);
      const W = a + b * s;
      const m = Math.hypot(117_000 + W * c, W * s);
      if (m > hand) [hand, handPhi] = [m, phi];
    }
    const windy = checkCase(pole({ wires: [wire] }), MEDIUM_C);
    near(windy.applied_kNm, hand / 1000);
    near(windy.moments_kNm.pole_wind, 3.9281);
    // Blowing toward 90° ∓ φ, i.e. from 270° ∓ φ.
    const from = windy.wind_from_deg;
    expect(Math.min(Math.abs(from - (270 - handPhi)), Math.abs(from - (270 + handPhi)))).toBeLessThan(1);
  });

  it("adds an angle's tensions as vectors", () => {
    // Spans due north and due east at 8 m, 12 kN each: the tensions add to 12·√2 = 16.97 kN toward
    // 45°. The wires' wind, per span (190·(0.015 + 0.013) + 2.5)·20 m·|sin| = 156.4·|sin| N, is
    // largest blowing toward 45° too (|sin 45°| + |sin 45°| = √2), where the pole's wind also goes:
    // M = 1.30·16,970.6·8 + 3,928 + 156.4·√2·8·1.75 = 176,494 + 3,928 + 3,097 = 183,519 N·m.
    const spans = [
      { bearing_deg: 0, length_m: 40 },
      { bearing_deg: 90, length_m: 40 },
    ];
    const wire = { height_m: 8, diameter_m: 0.015, tension_n: 12_000, spans };
    const r = checkCase(pole({ wires: [wire] }), MEDIUM_C);
    const tension = 1.3 * 12_000 * Math.SQRT2 * 8;
    const wireWind = (190 * (0.015 + 0.013) + 2.5) * 20 * Math.SQRT2 * 8 * 1.75;
    near(r.moments_kNm.tension, tension / 1000);
    near(r.moments_kNm.wire_wind, wireWind / 1000);
    near(r.applied_kNm, (tension + POLE_WIND_MEDIUM + wireWind) / 1000);
    near(r.utilization_pct, ((tension + POLE_WIND_MEDIUM + wireWind) / RESISTING_C) * 100);
    // Blowing toward 45°: from 225°.
    expect(Math.abs(r.wind_from_deg - 225)).toBeLessThan(1);
    expect(r.pass).toBe(false);
  });

  it("cancels a straight line's tensions and loads it across", () => {
    // Spans at 90° and 270°, 45 m each, 15 kN, 10 m up: the tensions cancel. The wind across the
    // line (toward 0° or 180°) takes both half spans: (190·(0.025 + 0.013) + 2.5)·(22.5 + 22.5)·10·1.75
    // = 9.72·45·10·1.75 = 7,654.5 N·m; with the pole's 3,928.1: 11,582.6 N·m, 7.80 %.
    const spans = [
      { bearing_deg: 90, length_m: 45 },
      { bearing_deg: 270, length_m: 45 },
    ];
    const r = checkCase(
      pole({ wires: [{ height_m: 10, diameter_m: 0.025, tension_n: 15_000, spans }] }),
      MEDIUM_C,
    );
    const wireWind = (190 * (0.025 + 0.013) + 2.5) * 45 * 10 * 1.75;
    expect(r.moments_kNm.tension).toBeLessThan(1e-9);
    near(r.applied_kNm, (wireWind + POLE_WIND_MEDIUM) / 1000);
    near(r.utilization_pct, ((wireWind + POLE_WIND_MEDIUM) / RESISTING_C) * 100);
    expect([0, 180, 360].some((d) => Math.abs(r.wind_from_deg - d) < 1)).toBe(true);
  });

  it("loads a transformer by its area at its height", () => {
    // A transformer of 0.6 m² at 8.5 m: 190·0.6·8.5·1.75 = 1,695.75 N·m, with the pole's 3,928.1
    // in the same direction: 5,623.9 N·m.
    const r = checkCase(pole({ equipment: [{ height_m: 8.5, area_m2: 0.6 }] }), MEDIUM_C);
    near(r.moments_kNm.equipment, (190 * 0.6 * 8.5 * 1.75) / 1000);
    near(r.applied_kNm, (190 * 0.6 * 8.5 * 1.75 + POLE_WIND_MEDIUM) / 1000);
  });

  it("checks two load cases and names the governing one", () => {
    // The transformer pole under 250B medium C and 250C at 40.23 m/s: p = 0.613·40.23² = 992.1 Pa,
    // factors 1.0, strength 0.75. Pole: 992.1·10.38²·0.6579/6 = 11,720 N·m; transformer
    // 992.1·0.6·8.5 = 5,059.7 N·m; 16,780 N·m against 0.75·174,646 = 130,985 N·m: 12.8 %, more
    // than 250B's 5,623.9 / 148,449 = 3.79 %.
    const input = pole({ equipment: [{ height_m: 8.5, area_m2: 0.6 }] });
    const extreme = nesc250c(40.23);
    const { cases, governing } = checkLoading(input, [MEDIUM_C, extreme]);
    const p = 0.613 * 40.23 ** 2;
    const applied = (p * H ** 2 * (C_GL / Math.PI + (2 * C_TOP) / Math.PI)) / 6 + p * 0.6 * 8.5;
    const resisting = (0.75 * FB * C_GL ** 3) / (32 * Math.PI ** 2);
    near(cases[1]!.utilization_pct, (applied / resisting) * 100);
    near(cases[0]!.utilization_pct, ((190 * 0.6 * 8.5 * 1.75 + POLE_WIND_MEDIUM) / RESISTING_C) * 100);
    expect(governing).toBe(extreme.name);
  });

  it("lets a guy take a dead end's load and reports the guy, not the ground line", () => {
    // The dead end above (117 kN·m at the ground line in still air) guyed at 8.5 m to an anchor 4 m
    // away on the other side (bearing 270°): horizontal 117,000 / 8.5 = 13,764.7 N, along the guy
    // · √(8.5² + 4²)/4 = 2.3486 → 32,328 N; against 0.9 · 60 kN = 54 kN: 59.9 %.
    const wire = {
      height_m: 9,
      diameter_m: 0.02,
      tension_n: 10_000,
      spans: [{ bearing_deg: 90, length_m: 50 }],
    };
    const guy = {
      attachment_id: "g",
      height_m: 8.5,
      bearing_deg: 270,
      anchor_distance_m: 4,
      rated_n: 60_000,
    };
    const r = checkCase(pole({ wires: [wire], guys: [guy] }), STILL);
    const tension = ((1.3 * 10_000 * 9) / 8.5) * (Math.hypot(8.5, 4) / 4);
    near(r.guy!.tension_kN, tension / 1000);
    near(r.utilization_pct, (tension / (0.9 * 60_000)) * 100);
    expect(r.resisting_kNm).toBeNull();
    expect(r.guy?.buckling_checked).toBe(false);
  });
});
