/**
 * GPS tracks: a logger's track places the photos of cameras without GPS by their capture time,
 * the way exiftool's -geotag does (linear between the two track points around the photo's time).
 */
import { z } from "zod";

/** A week each way: enough for any camera clock set to the wrong zone or date. */
export const MAX_TRACK_OFFSET_SECONDS = 7 * 24 * 3600;
export const DEFAULT_MAX_GAP_SECONDS = 60;
/** One point a second for a week: more than any logger records in one file. */
export const MAX_TRACK_POINTS = 604_800;
export const MAX_TRACK_BYTES = 64 * 1024 * 1024;
/** Photos one match may name. */
export const MAX_MATCH_IMAGE_IDS = 1000;

export const trackSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** How many points the track has (after points at the same instant became one). */
  points: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type Track = z.infer<typeof trackSchema>;

/** POST /api/tracks (201) */
export const trackResponseSchema = z.object({ track: trackSchema });
/** GET /api/tracks: newest first. */
export const trackListSchema = z.object({ tracks: z.array(trackSchema) });
export const trackIdParamsSchema = z.object({ id: z.guid() });

/** POST /api/tracks/:id/match */
export const trackMatchBodySchema = z
  .object({
    /** Camera time + offsetSeconds = true time. */
    offsetSeconds: z.number().min(-MAX_TRACK_OFFSET_SECONDS).max(MAX_TRACK_OFFSET_SECONDS).default(0),
    /** Track points further apart than this place no photo between them. */
    maxGapSeconds: z.number().positive().max(MAX_TRACK_OFFSET_SECONDS).default(DEFAULT_MAX_GAP_SECONDS),
    /** Only say what would be placed. */
    dryRun: z.boolean().default(false),
    /** Only these photos (else every photo of the workspace without coordinates). */
    imageIds: z.array(z.guid()).min(1).max(MAX_MATCH_IMAGE_IDS).optional(),
  })
  .strict();
export type TrackMatchBody = z.input<typeof trackMatchBodySchema>;

export const TRACK_SKIP_REASONS = [
  /** The photo's time (with the offset) is before the track's first point or after its last. */
  "outside_track",
  /** The two points around the photo's time are more than maxGapSeconds apart. */
  "gap",
  /** The photo has coordinates already. */
  "already_placed",
  /** No such photo in the workspace. */
  "not_found",
  /** The camera's time has no zone and the uploader's offset was not sent. */
  "no_time",
] as const;
export type TrackSkipReason = (typeof TRACK_SKIP_REASONS)[number];

export const trackPlacementSchema = z.object({
  imageId: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** The photo's capture instant on the track's clock (camera time + offset), ISO 8601 UTC. */
  time: z.string(),
  /** The pole it joined; null on a dry run. */
  poleId: z.string().nullable(),
});
export type TrackPlacement = z.infer<typeof trackPlacementSchema>;

export const trackMatchResultSchema = z.object({
  placed: z.array(trackPlacementSchema),
  skipped: z.array(z.object({ imageId: z.string(), reason: z.enum(TRACK_SKIP_REASONS) })),
  dryRun: z.boolean(),
});
export type TrackMatchResult = z.infer<typeof trackMatchResultSchema>;
