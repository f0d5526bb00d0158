/**
 * Which pole a photo joins where the workspace has a pole register. Crews stand 10-25 m from a pole
 * to photograph (and measure) it, so the camera's own position is rarely within the photo-only
 * rule's SPOT_RADIUS_METERS of the pole it shows. A photo with a compass bearing joins the register
 * pole nearest its line of sight, inside its field of view and SIGHT_REACH_M; without a bearing,
 * the only register pole within REGISTER_REACH_M. Where that does not name one pole and the register
 * stands within ASK_REACH_M, the photo waits, unplaced, and the member is asked. The SQL function
 * utility_pole_assign (apps/server/sql/functions.sql) is the rule; these constants say the same
 * numbers, and the API tests hold the two together.
 */
import { z } from "zod";
import type { PhotoOptics } from "./photo-optics";

/** A photo with a bearing joins a register pole in its view up to this far from the camera. */
export const SIGHT_REACH_M = 30;
/** A photo without a bearing joins the only register pole this near. */
export const REGISTER_REACH_M = 25;
/** Register poles this near make the upload ask rather than start a pole of its own. */
export const ASK_REACH_M = 50;
/**
 * Two poles in view whose distances from the line of sight differ by less than this are one
 * compass error apart (5° at 25 m is 2.2 m): the member is asked which.
 */
export const SIGHT_MARGIN_M = 2;
/** A register pole this near the camera is the photo's pole whatever the bearing says (a tag close-up). */
export const SIGHT_CLOSE_M = 3;
/** Added to half the field of view on each side: a phone's compass is a few degrees off. */
export const COMPASS_ALLOWANCE_DEG = 5;
/** The lens assumed where EXIF names none: a phone's main camera, 26 mm in 35 mm terms. */
export const DEFAULT_FOCAL_35MM = 26;
/** The 35 mm frame's diagonal: FocalLengthIn35mmFormat is the focal length on this frame. */
const FRAME_35MM_DIAGONAL_MM = Math.hypot(36, 24);
/** Where the photo's size is unknown too: a phone's 4:3 frame held sideways. */
const DEFAULT_FRAME = { width: 4, height: 3 };

/**
 * Half the photo's horizontal field of view, degrees, plus the compass allowance: the widest angle
 * off its bearing at which a pole is still in view. From FocalLengthIn35mmFormat over the photo's
 * diagonal (as the locate tool reads it), else the focal length over the sensor's long side, else
 * DEFAULT_FOCAL_35MM; the width is the photo's as displayed (an upright photo sees less across).
 */
export function halfViewDeg(optics: Partial<PhotoOptics> | null | undefined): number {
  const width = optics?.width ?? DEFAULT_FRAME.width;
  const height = optics?.height ?? DEFAULT_FRAME.height;
  let focalPx: number;
  if (optics?.focalLength35mm) {
    focalPx = (Math.hypot(width, height) * optics.focalLength35mm) / FRAME_35MM_DIAGONAL_MM;
  } else if (optics?.focalLengthMm && optics.sensorWidthMm) {
    focalPx = (Math.max(width, height) * optics.focalLengthMm) / optics.sensorWidthMm;
  } else {
    focalPx = (Math.hypot(width, height) * DEFAULT_FOCAL_35MM) / FRAME_35MM_DIAGONAL_MM;
  }
  return (Math.atan(width / 2 / focalPx) * 180) / Math.PI + COMPASS_ALLOWANCE_DEG;
}

/** A register pole the member may mean: nearest first. */
export const poleCandidateSchema = z.object({
  pole_id: z.string(),
  tag: z.string().nullable(),
  label: z.string(),
  /** From the photo's position, metres (great circle). */
  distance_m: z.number(),
  /** From the photo's position to the pole, degrees clockwise from north. */
  bearing_deg: z.number(),
  latitude: z.number(),
  longitude: z.number(),
});
export type PoleCandidate = z.infer<typeof poleCandidateSchema>;
/** At most this many candidates are named (the nearest). */
export const MAX_POLE_CANDIDATES = 10;
export const poleCandidatesSchema = z.array(poleCandidateSchema).max(MAX_POLE_CANDIDATES);

/** POST /api/poles/:id/merge: the photo-made pole `:id` goes into the pole `into`. */
export const poleMergeBodySchema = z.object({ into: z.guid() }).strict();
export type PoleMergeBody = z.infer<typeof poleMergeBodySchema>;
/** GET /api/poles/:id/merge-candidates: the register poles within ASK_REACH_M of a photo-made pole. */
export const mergeCandidatesSchema = z.object({ poles: poleCandidatesSchema });

/** What moved with it. */
export const poleMergeResponseSchema = z.object({
  pole_id: z.string(),
  moved: z.object({
    photos: z.number().int(),
    findings: z.number().int(),
    visits: z.number().int(),
    measurements: z.number().int(),
  }),
});
export type PoleMergeResponse = z.infer<typeof poleMergeResponseSchema>;

/** What the merge's refusals say. */
export const poleJoinTexts = {
  registerNotMerged:
    "A register pole cannot be merged into another pole: move its photos instead, or correct the register.",
  mergeIntoItself: "A pole cannot be merged into itself.",
} as const;
