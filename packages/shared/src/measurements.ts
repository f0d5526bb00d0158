/**
 * Measuring from photos: heights read along a pole against a height stick, clearances checked
 * against the workspace's rules, and a pole's lean. Pixel coordinates are of the photo as
 * displayed (EXIF orientation applied, origin top-left, numbers with sub-pixel precision); the API
 * speaks metres and degrees, the workspace chooses the units the screens show.
 */
import { z } from "zod";

export const ATTACHMENT_KINDS = [
  "power_conductor",
  "neutral",
  "communication",
  "streetlight",
  "transformer_bottom",
  "other",
] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** The most stick marks, points and views one request takes. */
export const MAX_REFERENCE_MARKS = 50;
export const MAX_MEASURED_POINTS = 100;
export const MAX_LEAN_VIEWS = 10;
/** How precisely a mark is placed on a phone or with a mouse when not said: one standard deviation. */
export const DEFAULT_CLICK_SIGMA_PX = 2;

const pixel = z.tuple([z.number().finite(), z.number().finite()]);
const segment = z.tuple([pixel, pixel]);

export const measurementCreateSchema = z
  .object({
    /** The stick's marks (the pole's base is the mark at 0 m) with their heights in metres. */
    reference: z
      .array(z.object({ at: pixel, height_m: z.number().finite().min(-10).max(100) }).strict())
      .min(1)
      .max(MAX_REFERENCE_MARKS),
    points: z
      .array(
        z
          .object({ kind: z.enum(ATTACHMENT_KINDS), label: z.string().trim().max(120).optional(), at: pixel })
          .strict(),
      )
      .min(1)
      .max(MAX_MEASURED_POINTS),
    /** Two lines vertical in the world (pole edges, building corners): for two marks only. */
    verticals: z.tuple([segment, segment]).optional(),
    click_sigma_px: z.number().min(0.1).max(50).optional(),
  })
  .strict();
export type MeasurementCreate = z.infer<typeof measurementCreateSchema>;

export const measuredPointSchema = z.object({
  kind: z.enum(ATTACHMENT_KINDS),
  label: z.string().nullable(),
  height_m: z.number(),
  /** One standard deviation, metres: from the click precision and the marks' scatter about the fit. */
  uncertainty_m: z.number(),
});

export const suggestionSchema = z.object({
  /** A finding code of the workspace's inspection settings, and its priority level. */
  code: z.string(),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  reason: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const measurementSchema = z.object({
  id: z.string(),
  pole_id: z.string(),
  image_id: z.string(),
  created_at: z.string(),
  /** E-mail of who measured (null: the account is gone). */
  created_by: z.string().nullable(),
  points: z.array(measuredPointSchema),
  suggestions: z.array(suggestionSchema),
  reference: measurementCreateSchema.shape.reference,
  verticals: measurementCreateSchema.shape.verticals.nullable(),
});
export type Measurement = z.infer<typeof measurementSchema>;

export const measurementResponseSchema = z.object({ measurement: measurementSchema });
export const measurementIdParamsSchema = z.object({ id: z.guid() });

export const leanRequestSchema = z
  .object({
    views: z
      .array(
        z
          .object({
            image_id: z.guid(),
            /** Base first, then a point higher up the pole's axis. */
            axis: segment,
            plumb: segment.optional(),
            /** Compass bearing the camera looked, degrees from north, when the photo has none. */
            bearing_deg: z.number().min(0).max(360).optional(),
            /** The camera's sensor width, mm: with the photo's FocalLength when it has no 35 mm equivalent. */
            sensor_width_mm: z.number().positive().max(100).optional(),
          })
          .strict(),
      )
      .min(1)
      .max(MAX_LEAN_VIEWS),
  })
  .strict();
export type LeanRequest = z.infer<typeof leanRequestSchema>;

export const poleLeanSchema = z.object({
  degrees: z.number(),
  /** Compass direction the top leans toward; null for an apparent lean (one view). */
  toward_deg: z.number().nullable(),
  apparent: z.boolean(),
  measured_at: z.string(),
});
export type PoleLean = z.infer<typeof poleLeanSchema>;

export const leanResponseSchema = z.object({ lean: poleLeanSchema, suggestions: z.array(suggestionSchema) });

export const poleMeasurementsSchema = z.object({
  measurements: z.array(measurementSchema),
  /** The pole's latest lean, or null when none was measured. */
  lean: poleLeanSchema.nullable(),
});

/** A clearance rule: an attachment of this kind lower than the minimum suggests this finding. */
export const clearanceRuleSchema = z
  .object({
    kind: z.enum(ATTACHMENT_KINDS),
    min_height_m: z.number().positive().max(100),
    code: z.string().trim().min(1).max(60),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  })
  .strict();
export type ClearanceRule = z.infer<typeof clearanceRuleSchema>;

export const LENGTH_UNITS = ["feet-inches", "metres"] as const;
export type LengthUnits = (typeof LENGTH_UNITS)[number];

/** The measuring part of the workspace settings (GET/PUT /api/workspace/settings). */
export const measureSettingsSchema = z.object({
  clearanceRules: z.array(clearanceRuleSchema).max(50),
  leanThresholdDeg: z.number().min(0).max(45),
  units: z.enum(LENGTH_UNITS),
});
export type MeasureSettings = z.infer<typeof measureSettingsSchema>;
export const measureSettingsUpdateSchema = measureSettingsSchema.partial().strict();
export type MeasureSettingsUpdate = z.infer<typeof measureSettingsUpdateSchema>;

const FOOT_M = 0.3048;
/**
 * Minimum vertical clearances of NESC (2017) Table 232-1, row 2: over roads, streets and other
 * areas subject to truck traffic. Power: open supply conductors of 750 V to 22 kV (18.5 ft);
 * neutrals meeting rule 230E1 and communication cables (15.5 ft). Read at the pole, a lower
 * attachment is already too low; the sag at mid-span is not measured.
 */
export const DEFAULT_MEASURE_SETTINGS: MeasureSettings = {
  clearanceRules: [
    { kind: "power_conductor", min_height_m: 18.5 * FOOT_M, code: "clearance", level: 1 },
    { kind: "neutral", min_height_m: 15.5 * FOOT_M, code: "clearance", level: 2 },
    { kind: "communication", min_height_m: 15.5 * FOOT_M, code: "clearance", level: 2 },
  ],
  /** The product's default, not a standard's: five degrees from plumb. */
  leanThresholdDeg: 5,
  // Metres, as everything else in the product; a US utility switches to feet and inches.
  units: "metres",
};

/** A length as the workspace shows it: 15 ft 6 in (to the inch) or 4.72 m (to the centimetre). */
export function formatLength(metres: number, units: LengthUnits): string {
  if (units === "metres") return `${metres.toFixed(2)} m`;
  const inches = Math.round(metres / (FOOT_M / 12));
  const sign = inches < 0 ? "-" : "";
  const abs = Math.abs(inches);
  return `${sign}${Math.floor(abs / 12)} ft ${abs % 12} in`;
}
