/**
 * The loading check (GET /api/poles/:id/loading): the load cases a pole is checked under and what
 * the check answers. The method, each preset's numbers and their sources are in docs/loading.md.
 */
import { z } from "zod";

/** A load case: the weather, the overload factors on wind and tension, the strength factor. */
export const loadCaseSchema = z.object({
  name: z.string().trim().min(1).max(80),
  /** Wind pressure on projected areas, Pa. */
  wind_pa: z.number().min(0).max(10_000),
  /** Radial ice on wires, mm. */
  ice_mm: z.number().min(0).max(100),
  /** A constant added to each wire's wind load per metre, N/m (NESC Table 251-1's k). */
  k_n_per_m: z.number().min(0).max(100),
  wind_factor: z.number().positive().max(10),
  tension_factor: z.number().positive().max(10),
  strength_factor: z.number().positive().max(1),
});
export type LoadCase = z.infer<typeof loadCaseSchema>;

/** NESC Rule 250B districts, Table 250-1 (ice, wind) and Table 251-1 (k), in NESC's SI values. */
export const NESC_250B_DISTRICTS = {
  heavy: { ice_mm: 12.5, wind_pa: 190, k_n_per_m: 4.4 },
  medium: { ice_mm: 6.5, wind_pa: 190, k_n_per_m: 2.5 },
  light: { ice_mm: 0, wind_pa: 430, k_n_per_m: 0.7 },
} as const;
export type Nesc250bDistrict = keyof typeof NESC_250B_DISTRICTS;

/**
 * Overload factors (NESC Table 253-1, Rule 250B: transverse wind in general, transverse wire
 * tension) and the wood pole's strength factor (Table 261-1A) by grade of construction.
 */
export const NESC_GRADES = {
  B: { wind_factor: 2.5, tension_factor: 1.65, strength_factor: 0.65 },
  C: { wind_factor: 1.75, tension_factor: 1.3, strength_factor: 0.85 },
} as const;
export type NescGrade = keyof typeof NESC_GRADES;

/** Rule 250C's strength factor for wood (Table 261-1A); its load factors are 1.0. */
export const NESC_250C_STRENGTH_FACTOR = 0.75;
/** A guy's strength factor (Table 261-1A, guy wire): its rating is used at 90 %. */
export const GUY_STRENGTH_FACTOR = 0.9;

/** Rule 250B in a district at a grade, e.g. "NESC 250B medium, grade C". */
export function nesc250b(district: Nesc250bDistrict, grade: NescGrade): LoadCase {
  return {
    name: `NESC 250B ${district}, grade ${grade}`,
    ...NESC_250B_DISTRICTS[district],
    ...NESC_GRADES[grade],
  };
}

/**
 * Rule 250C extreme wind at a 3-second gust speed (m/s): p = 0.613·V² (Pa), the rule's
 * formula with its height, gust and shape factors taken as 1.0 (see docs/loading.md).
 */
export function nesc250c(speedMs: number): LoadCase {
  return {
    name: `NESC 250C extreme wind, ${Math.round(speedMs * 10) / 10} m/s`,
    wind_pa: 0.613 * speedMs * speedMs,
    ice_mm: 0,
    k_n_per_m: 0,
    wind_factor: 1,
    tension_factor: 1,
    strength_factor: NESC_250C_STRENGTH_FACTOR,
  };
}

/** 90 mph, the speed NESC's map gives much of the United States' interior, in m/s. */
export const DEFAULT_EXTREME_WIND_MS = 40.23;

/** The load cases a workspace's poles are checked under until it sets its own. */
export const DEFAULT_LOAD_CASES: readonly LoadCase[] = [
  nesc250b("medium", "C"),
  nesc250c(DEFAULT_EXTREME_WIND_MS),
];

/** What the check could not know: a pole field, or an attachment's (its id). */
export const loadingMissingSchema = z.object({
  attachment_id: z.string().nullable(),
  field: z.string(),
});
export type LoadingMissing = z.infer<typeof loadingMissingSchema>;

export const loadingCaseResultSchema = z.object({
  name: z.string(),
  utilization_pct: z.number(),
  pass: z.boolean(),
  /** Each part's moment at the ground line in the governing wind direction (magnitudes, kN·m). */
  moments_kNm: z.object({
    pole_wind: z.number(),
    wire_wind: z.number(),
    tension: z.number(),
    equipment: z.number(),
  }),
  /** The parts summed as vectors: the moment the ground line takes, kN·m. */
  applied_kNm: z.number(),
  /** The pole's strength at the ground line times the case's strength factor; null on a guyed pole. */
  resisting_kNm: z.number().nullable(),
  /** The wind direction (where it blows from, degrees from north) that loads the pole most. */
  wind_from_deg: z.number(),
  /** A guyed pole: the most loaded guy's tension against its rating (buckling is not checked). */
  guy: z
    .object({
      attachment_id: z.string(),
      tension_kN: z.number(),
      rated_kN: z.number(),
      buckling_checked: z.literal(false),
    })
    .nullable(),
});
export type LoadingCaseResult = z.infer<typeof loadingCaseResultSchema>;

/** GET /api/poles/:id/loading. `cases` is empty when anything in `missing` is needed. */
export const loadingAnswerSchema = z.object({
  cases: z.array(loadingCaseResultSchema),
  /** The case with the highest utilization; null when nothing could be checked. */
  governing: z.string().nullable(),
  missing: z.array(loadingMissingSchema),
});
export type LoadingAnswer = z.infer<typeof loadingAnswerSchema>;
