/**
 * What a wood pole's strength is reckoned from: its setting depth, species (fibre stress) and its
 * circumferences at the ground line and the top. Each is measured (on the pole's PATCH) or taken
 * from a documented default; what has neither is named as missing, never guessed. The sources are
 * in docs/loading.md.
 */
import { z } from "zod";

/** 1 psi in pascals. */
export const PA_PER_PSI = 6894.757;
/** 1 inch in metres. */
export const M_PER_IN = 0.0254;

/**
 * Designated fibre stress (psi) by species, ANSI O5.1 (Wood Poles – Specifications and
 * Dimensions), the values NESC Rule 261 takes for wood poles.
 */
export const FIBRE_STRESS_PSI = {
  southern_pine: 8000,
  douglas_fir: 8000,
  western_larch: 8400,
  western_hemlock: 7400,
  jack_pine: 6600,
  lodgepole_pine: 6600,
  red_pine: 6600,
  ponderosa_pine: 6000,
  western_red_cedar: 6000,
  northern_white_cedar: 4000,
} as const;
export type PoleSpecies = keyof typeof FIBRE_STRESS_PSI;
export const POLE_SPECIES = Object.keys(FIBRE_STRESS_PSI) as PoleSpecies[];

/** Minimum top circumference (in) by class 1–7, ANSI O5.1. */
export const TOP_CIRCUMFERENCE_IN: Readonly<Record<string, number>> = Object.freeze({
  "1": 27,
  "2": 25,
  "3": 23,
  "4": 21,
  "5": 19,
  "6": 17,
  "7": 15,
});

/** The usual rule for a pole's setting depth: 10 % of its length plus 0.6 m (2 ft). */
export const defaultSettingDepthM = (lengthM: number) => 0.1 * lengthM + 0.6;

export const STRENGTH_SOURCES = ["measured", "default", "missing"] as const;
export type StrengthSource = (typeof STRENGTH_SOURCES)[number];

const strengthValueSchema = z.object({ value: z.number().nullable(), source: z.enum(STRENGTH_SOURCES) });
export type StrengthValue = z.infer<typeof strengthValueSchema>;

/** What the loading check takes for the pole, each value with where it came from. */
export const poleStrengthSchema = z.object({
  setting_depth_m: strengthValueSchema,
  fibre_stress_pa: strengthValueSchema,
  groundline_circumference_m: strengthValueSchema,
  top_circumference_m: strengthValueSchema,
});
export type PoleStrength = z.infer<typeof poleStrengthSchema>;

/** The pole's own fields the strength is reckoned from. */
export interface StrengthFields {
  height_m: number | null;
  class: string | null;
  setting_depth_m?: number | null;
  species?: string | null;
  groundline_circumference_m?: number | null;
  top_circumference_m?: number | null;
}

const measured = (value: number): StrengthValue => ({ value, source: "measured" });
const byDefault = (value: number): StrengthValue => ({ value, source: "default" });
const missing: StrengthValue = { value: null, source: "missing" };

/**
 * Each input: the measured value, else the default (setting depth from the length, fibre stress
 * from the species, top circumference from the class), else missing. The ground-line
 * circumference has no default yet: a class-and-length table is not built in.
 */
export function strengthOf(pole: StrengthFields): PoleStrength {
  const species =
    pole.species && Object.hasOwn(FIBRE_STRESS_PSI, pole.species) ? (pole.species as PoleSpecies) : null;
  const poleClass = pole.class?.trim() ?? "";
  const topIn = Object.hasOwn(TOP_CIRCUMFERENCE_IN, poleClass) ? TOP_CIRCUMFERENCE_IN[poleClass]! : null;
  return {
    setting_depth_m:
      pole.setting_depth_m != null
        ? measured(pole.setting_depth_m)
        : pole.height_m != null
          ? byDefault(defaultSettingDepthM(pole.height_m))
          : missing,
    fibre_stress_pa: species ? byDefault(FIBRE_STRESS_PSI[species] * PA_PER_PSI) : missing,
    groundline_circumference_m:
      pole.groundline_circumference_m != null ? measured(pole.groundline_circumference_m) : missing,
    top_circumference_m:
      pole.top_circumference_m != null
        ? measured(pole.top_circumference_m)
        : topIn !== null
          ? byDefault(topIn * M_PER_IN)
          : missing,
  };
}
