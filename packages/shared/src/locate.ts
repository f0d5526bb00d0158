/**
 * A pole located from its photos' bearings: the user marks the pole in photos that show it; each
 * mark is a ray from where the photo was taken, along the camera's compass bearing turned by the
 * mark's angle off the photo's centre; the rays' least-squares meeting point is the estimate.
 */
import { z } from "zod";
import { imageRecordSchema } from "./schemas";

/** The photos a locate may take at most (the record offers fewer). */
export const MAX_LOCATE_MARKS = 20;
/** The record offers the pole's photos and those taken within this distance of it. */
export const LOCATE_CANDIDATE_RADIUS_M = 30;
/** At most this many candidates, nearest first. */
export const MAX_LOCATE_CANDIDATES = 100;
/** An estimate farther than this from every marked photo is refused as a mistake. */
export const MAX_LOCATE_RANGE_M = 200;
/** A measured distance's own error, as a share of it (a height stick read off the photo). */
export const LOCATE_DISTANCE_ERROR_SHARE = 0.05;

/** The stated errors the uncertainty is computed from: workspace settings, these defaults. */
export const DEFAULT_GPS_ERROR_M = 4;
export const DEFAULT_COMPASS_ERROR_DEG = 5;

/** The locate part of the workspace settings (GET/PUT /api/workspace/settings). */
export const locateSettingsSchema = z.object({
  /** The photos' GPS error, one standard deviation per axis, metres. */
  locateGpsErrorM: z.number().min(0.5).max(100),
  /** The compass's error, one standard deviation, degrees. */
  locateCompassErrorDeg: z.number().min(0.5).max(45),
});
export type LocateSettings = z.infer<typeof locateSettingsSchema>;
export const locateSettingsUpdateSchema = locateSettingsSchema.partial().strict();
export type LocateSettingsUpdate = z.infer<typeof locateSettingsUpdateSchema>;

/** POST /api/poles/:id/locate */
export const locateRequestSchema = z
  .object({
    marks: z
      .array(
        z
          .object({
            image_id: z.guid(),
            /** The pole's horizontal position in the photo as displayed, pixels from its left edge. */
            x: z.number().finite(),
            /** The measured distance from the camera to the pole, metres (a height stick's range). */
            distance_m: z.number().positive().max(MAX_LOCATE_RANGE_M).optional(),
          })
          .strict(),
      )
      .min(1)
      .max(MAX_LOCATE_MARKS),
    /** Move the pole to the estimate (audited). Without it the estimate is only answered. */
    apply: z.boolean().optional().default(false),
  })
  .strict()
  .refine((b) => new Set(b.marks.map((m) => m.image_id)).size === b.marks.length, {
    message: "Each photo is marked once",
    path: ["marks"],
  });
export type LocateRequest = z.infer<typeof locateRequestSchema>;
export type LocateRequestBody = z.input<typeof locateRequestSchema>;
/** One photo's mark as a client sends it. */
export type LocateMark = LocateRequestBody["marks"][number];

export const locateRaySchema = z.object({
  image_id: z.string(),
  /** The ray's direction from the camera, degrees from north (the camera's bearing + the mark's angle). */
  bearing_deg: z.number(),
  /** The camera's position (the ray's start), for drawing. */
  latitude: z.number(),
  longitude: z.number(),
  /** How far the estimate lies from the ray (from the camera, when it lies behind it), metres. */
  residual_m: z.number(),
  /** False: left out of the estimate (see left_out). */
  used: z.boolean(),
});
export type LocateRay = z.infer<typeof locateRaySchema>;

export const locateEstimateSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** The radius around the estimate holding the true position with 90 % probability, metres. */
  uncertainty_m: z.number(),
  rays: z.array(locateRaySchema),
  /** Rays left out of the estimate and why. */
  left_out: z.array(z.object({ image_id: z.string(), reason: z.string() })),
  /** How far the estimate is from the pole's position now, metres. */
  moved_m: z.number(),
});
export type LocateEstimate = z.infer<typeof locateEstimateSchema>;

export const locateResponseSchema = z.object({
  estimate: locateEstimateSchema,
  /** True when `apply` moved the pole there. */
  applied: z.boolean(),
});
export type LocateResponse = z.infer<typeof locateResponseSchema>;

/** GET /api/poles/:id/locate/candidates */
export const locateCandidateSchema = z.object({
  image: imageRecordSchema,
  /** The camera's compass bearing, degrees from north; null when the photo has none. */
  bearing_deg: z.number().nullable(),
  usable: z.boolean(),
  /** Why it cannot join a locate (locateTexts), null when usable. */
  reason: z.string().nullable(),
  /** From the pole's position now, metres (null for a photo of the pole without a position). */
  distance_m: z.number().nullable(),
});
export type LocateCandidate = z.infer<typeof locateCandidateSchema>;
export const locateCandidatesSchema = z.object({ photos: z.array(locateCandidateSchema) });
export type LocateCandidates = z.infer<typeof locateCandidatesSchema>;
