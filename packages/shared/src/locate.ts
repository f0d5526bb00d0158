/**
 * Locating a pole from its photos' bearings: each photo the user marks the pole in gives a ray
 * from where the camera stood along where it looked (its bearing plus the mark's angle off the
 * centre); the rays' intersection is the estimate, with a 90 % radius of uncertainty.
 */
import { z } from "zod";
import { imageRecordSchema } from "./schemas";

/** How far around the pole the record looks for photos that may show it (metres). */
export const LOCATE_CANDIDATE_RADIUS_M = 30;

/** GET /api/poles/:id/locate/candidates: the pole's photos and those within 30 m. */
export const locateCandidateSchema = z.object({
  image: imageRecordSchema,
  /** The camera's bearing, degrees from north; null: the photo has none. */
  bearing_deg: z.number().nullable(),
  /** Whether a mark on it can join (it has a bearing, a focal length and a position). */
  usable: z.boolean(),
  /** Why it cannot join; null when it can. */
  reason: z.string().nullable(),
  /** From the pole's current position to the camera's. */
  distance_m: z.number(),
});
export type LocateCandidate = z.infer<typeof locateCandidateSchema>;
export const locateCandidatesResponseSchema = z.object({ photos: z.array(locateCandidateSchema) });

export const locateMarkSchema = z.object({
  image_id: z.string(),
  /** Where the pole is in the photo: pixels from the left of its full, EXIF-oriented width. */
  x: z.number().nonnegative(),
  /** A measured range to the pole (a height stick), metres. */
  distance_m: z.number().positive().optional(),
});
export type LocateMark = z.infer<typeof locateMarkSchema>;

/** POST /api/poles/:id/locate: the estimate; with `apply: true` the pole is moved there. */
export const locateBodySchema = z.object({
  marks: z.array(locateMarkSchema).min(1),
  apply: z.boolean().optional(),
});
export type LocateBody = z.infer<typeof locateBodySchema>;

export const locateRaySchema = z.object({
  image_id: z.string(),
  bearing_deg: z.number(),
  /** The estimate's distance from the ray, metres. */
  residual_m: z.number(),
  /** False: far beyond the others (likely another pole), left out of the estimate. */
  used: z.boolean().default(true),
});
export type LocateRay = z.infer<typeof locateRaySchema>;

export const locateEstimateSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** 90 % radius, metres. */
  uncertainty_m: z.number(),
  rays: z.array(locateRaySchema),
  left_out: z.array(z.unknown()).optional(),
});
export type LocateEstimate = z.infer<typeof locateEstimateSchema>;
export const locateResponseSchema = z.object({ estimate: locateEstimateSchema });
