/**
 * The loading check's method (docs/loading.md states it for checking by hand): no database, no
 * defaults; the input is what loading-input.ts built from the pole and its attachments.
 *
 * Every horizontal force F at height h gives a moment F·h at the ground line. A moment is kept
 * here as a vector pointing the way its force pushes (east, north), so that moments from forces in
 * different directions add as vectors; its length is the moment's magnitude.
 */
import { GUY_STRENGTH_FACTOR, type LoadCase, type LoadingCaseResult } from "@poleatlas/shared";

export interface WireLoad {
  height_m: number;
  diameter_m: number;
  tension_n: number;
  spans: { bearing_deg: number; length_m: number }[];
}
export interface GuyLoad {
  attachment_id: string;
  height_m: number;
  bearing_deg: number;
  anchor_distance_m: number;
  rated_n: number;
}
export interface LoadingInput {
  /** Height above the ground line: the length less the setting depth. */
  above_ground_m: number;
  groundline_diameter_m: number;
  top_diameter_m: number;
  /** The ground-line circumference and fibre stress (Pa) the resisting moment comes from. */
  groundline_circumference_m: number;
  fibre_stress_pa: number | null;
  wires: WireLoad[];
  equipment: { height_m: number; area_m2: number }[];
  guys: GuyLoad[];
}

type Vec = [number, number];
const rad = (deg: number) => (deg * Math.PI) / 180;
/** The unit vector toward a bearing (clockwise from north): [east, north]. */
const toward = (deg: number): Vec => [Math.sin(rad(deg)), Math.cos(rad(deg))];
const length = (v: Vec) => Math.sqrt(v[0] * v[0] + v[1] * v[1]);

/** Wind on the tapered pole: p·H²·(d_gl + 2·d_top)/6 (N·m), before the overload factor. */
export const poleWindMoment = (p: number, input: LoadingInput) =>
  (p * input.above_ground_m ** 2 * (input.groundline_diameter_m + 2 * input.top_diameter_m)) / 6;

/** The pole's strength at the ground line: Fb·C³/(32·π²) (N·m), before the strength factor. */
export const groundlineStrength = (fibreStressPa: number, circumferenceM: number) =>
  (fibreStressPa * circumferenceM ** 3) / (32 * Math.PI ** 2);

/** The tensions of every wire's spans, each along its span's bearing, summed (N·m). */
function tensionMoment(input: LoadingInput, c: LoadCase): Vec {
  const sum: Vec = [0, 0];
  for (const w of input.wires) {
    for (const s of w.spans) {
      const [e, n] = toward(s.bearing_deg);
      const m = w.tension_n * c.tension_factor * w.height_m;
      sum[0] += e * m;
      sum[1] += n * m;
    }
  }
  return sum;
}

/** Each whole degree's direction, [east, north]: the wind is tried from these. */
const DEGREES: readonly Vec[] = Array.from({ length: 360 }, (_, deg) => toward(deg));

/**
 * Each span's wind load per |sin| (p·(d + 2·t) + k)·L/2·h, factored, with its bearing's
 * direction: |sin(wind − span)| is then |w_e·s_n − w_n·s_e| for the wind's direction w, with no
 * trigonometry in the loop over directions.
 */
function wireSpans(input: LoadingInput, c: LoadCase) {
  const ice = (2 * c.ice_mm) / 1000;
  return input.wires.flatMap((w) => {
    const perMetre = c.wind_pa * (w.diameter_m + ice) + c.k_n_per_m;
    return w.spans.map((s) => ({
      load: perMetre * (s.length_m / 2) * w.height_m * c.wind_factor,
      along: toward(s.bearing_deg),
    }));
  });
}
type WireSpan = ReturnType<typeof wireSpans>[number];

/** Wind on the wires blowing toward `wind`: the sum of each span's load times |sin(wind − span)|. */
function wireWindMoment(spans: readonly WireSpan[], wind: Vec): number {
  let sum = 0;
  for (const s of spans) sum += s.load * Math.abs(wind[0] * s.along[1] - wind[1] * s.along[0]);
  return sum;
}

const equipmentMoment = (input: LoadingInput, c: LoadCase) =>
  input.equipment.reduce((m, e) => m + c.wind_pa * e.area_m2 * e.height_m, 0) * c.wind_factor;

interface Direction {
  deg: number;
  total: Vec;
  wire: number;
}

/** The moments with the wind blowing toward `deg` (whole degrees). */
function at(spans: readonly WireSpan[], tension: Vec, steady: number, deg: number): Direction {
  const [e, n] = DEGREES[deg]!;
  const wire = wireWindMoment(spans, [e, n]);
  const wind = steady + wire;
  return { deg, total: [tension[0] + e * wind, tension[1] + n * wind], wire };
}

/**
 * The wind direction (blowing toward, whole degrees) that maximises `score`. A moment's size
 * changes with the direction as a cosine near its largest, so a degree's step misses it by at
 * most 1 − cos 0.5° = 0.004 %.
 */
function worst(score: (deg: number) => number): number {
  let best = 0;
  let bestScore = -Infinity;
  for (let deg = 0; deg < 360; deg++) {
    const s = score(deg);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  return best;
}

/** A guy's tension (N) holding the load `total` (N·m at the ground line), 0 when the load is away from it. */
function guyTension(g: GuyLoad, total: Vec): number {
  const [e, n] = toward(g.bearing_deg);
  // The guy pulls toward its anchor: it holds the load's part pushing the other way.
  const away = -(total[0] * e + total[1] * n);
  if (away <= 0) return 0;
  const horizontal = away / g.height_m;
  return (horizontal * Math.hypot(g.height_m, g.anchor_distance_m)) / g.anchor_distance_m;
}

/** One load case on one pole. */
export function checkCase(input: LoadingInput, c: LoadCase): LoadingCaseResult {
  const tension = tensionMoment(input, c);
  const poleWind = poleWindMoment(c.wind_pa, input) * c.wind_factor;
  const equipment = equipmentMoment(input, c);
  const steady = poleWind + equipment;
  const spans = wireSpans(input, c);
  const guyed = input.guys.length > 0;
  const guyUse = (d: Direction) =>
    Math.max(...input.guys.map((g) => guyTension(g, d.total) / (g.rated_n * GUY_STRENGTH_FACTOR)));
  const deg = worst((deg) => {
    const d = at(spans, tension, steady, deg);
    return guyed ? guyUse(d) : length(d.total);
  });
  const d = at(spans, tension, steady, deg);
  const applied = length(d.total);
  const moments_kNm = {
    pole_wind: poleWind / 1000,
    wire_wind: d.wire / 1000,
    tension: length(tension) / 1000,
    equipment: equipment / 1000,
  };
  const result = { name: c.name, moments_kNm, applied_kNm: applied / 1000, wind_from_deg: (deg + 180) % 360 };
  if (guyed) {
    const loads = input.guys.map((g) => ({ g, t: guyTension(g, d.total) }));
    const most = loads.reduce((a, b) => (b.t / b.g.rated_n > a.t / a.g.rated_n ? b : a));
    const use = most.t / (most.g.rated_n * GUY_STRENGTH_FACTOR);
    const guy = {
      attachment_id: most.g.attachment_id,
      tension_kN: most.t / 1000,
      rated_kN: most.g.rated_n / 1000,
      buckling_checked: false as const,
    };
    return { ...result, utilization_pct: use * 100, pass: use <= 1, resisting_kNm: null, guy };
  }
  const resisting =
    c.strength_factor * groundlineStrength(input.fibre_stress_pa!, input.groundline_circumference_m);
  const use = applied / resisting;
  return {
    ...result,
    utilization_pct: use * 100,
    pass: use <= 1,
    resisting_kNm: resisting / 1000,
    guy: null,
  };
}

/** Every case, and the one with the highest utilization. */
export function checkLoading(input: LoadingInput, cases: readonly LoadCase[]) {
  const results = cases.map((c) => checkCase(input, c));
  const governing = results.reduce<LoadingCaseResult | null>(
    (a, b) => (a === null || b.utilization_pct > a.utilization_pct ? b : a),
    null,
  );
  return { cases: results, governing: governing?.name ?? null };
}
