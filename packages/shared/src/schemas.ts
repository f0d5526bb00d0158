/**
 * The API contract, defined once for the server and the web.
 * Field names of image records are the spec's (snake_case).
 */
import { z } from "zod";
import { IMAGE_PAGE_LIMIT } from "./constants";
import { findingSchema, poleInspectionSchema, regionInspectionSchema } from "./inspections";
import { poleRecordSchema, regionRiskSchema, riskSchema } from "./poles";
import { photoOpticsSchema } from "./photo-optics";
import { poleCandidatesSchema } from "./pole-join";
import { imagePrivacySchema } from "./privacy";

export const photoMetadataSchema = z.object({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** ISO timestamp: the original date/time, else the file's lastModified, else the upload time. */
  timestamp: z.string(),
  filename: z.string(),
  fileSize: z.number().int().nonnegative(),
  fileType: z.string(),
  lastModified: z.number().nullable(),
  /** The photo's size and focal length, kept at upload for locating poles (older photos lack it). */
  optics: photoOpticsSchema.optional(),
});
export type PhotoMetadata = z.infer<typeof photoMetadataSchema>;

/** An uploaded file kept beside its rendition: served at `url` as an attachment named `filename`. */
export const photoOriginalSchema = z.object({
  url: z.string(),
  content_type: z.string(),
  bytes: z.number().int(),
  filename: z.string(),
});
export type PhotoOriginal = z.infer<typeof photoOriginalSchema>;

export const imageRecordSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  image_url: z.string(),
  thumbnail_url: z.string(),
  name: z.string(),
  /** YYYY-MM-DD as the camera wrote it, or null. */
  date: z.string().nullable(),
  created_at: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  metadata: photoMetadataSchema,
  /** The pole the photo belongs to; null while it has no coordinates, or waits for a member to name its pole. */
  pole_id: z.string().nullable(),
  /** The inspection's rating of this photo, and its notes. */
  risk: riskSchema.nullable(),
  notes: z.string().nullable(),
  /** SHA-256 of the stored file, hex: the same bytes uploaded twice are one photo (null: stored before). */
  sha256: z.string().nullable(),
  /** In a team: the e-mail of who uploaded it and of who last rated it (null: none, or gone). */
  uploaded_by: z.string().nullable(),
  rated_by: z.string().nullable(),
  /** Goes up by one on every change (rating, notes, place, pole): the ETag is `"<version>"`. */
  version: z.number().int(),
  /** When and by whom (e-mail) it was last changed; null: not changed since the upload. */
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  /** The capture instant, ISO 8601 UTC (null: stored before capture times were kept, zone unknown). */
  taken_at: z.string().nullable(),
  /**
   * The capture time as the clocks where it was taken showed it, "2024-05-01T23:30:00+09:00" (the
   * position's time zone, else the camera's own offset); a camera time without a zone as written
   * ("2024-05-01T23:30:00"); null when there is neither.
   */
  local_time: z.string().nullable(),
  /** The compass direction the camera looked, degrees from north (true), 0 ≤ h < 360; null: unknown. */
  heading: z.number().nullable(),
  /** What was blurred in the stored file (faces at upload, rectangles by hand). */
  privacy: imagePrivacySchema.optional(),
  /**
   * The file as uploaded, where `image_url` is a rendition of it (a HEIC's JPEG): the photo's
   * download. Null where the stored file is the upload itself, or a blur replaced the original.
   */
  original: photoOriginalSchema.nullable().optional(),
});
export type ImageRecord = z.infer<typeof imageRecordSchema>;

/**
 * GET /api/images: a page in list order (date ascending, undated last, created_at, id), of all the
 * workspace's photos, of one region's (`?region=`) or of those without coordinates
 * (`?unplaced=true`). `nextCursor` asks for the next page (`?cursor=`, with the same filter);
 * null at the end.
 */
export const imageListSchema = z.object({
  images: z.array(imageRecordSchema),
  nextCursor: z.string().nullable(),
});
export type ImageList = z.infer<typeof imageListSchema>;
/**
 * A photo with a place but no pole is waiting for a member to say which register pole it shows
 * (pole-join.ts): its answers name the register poles it may show, nearest first.
 */
const waitingFields = { pole_candidates: poleCandidatesSchema.optional() };
/** POST /api/images (201), GET and PATCH /api/images/:id. */
export const imageCreatedSchema = z.object({ image: imageRecordSchema, ...waitingFields });
export const imageResponseSchema = imageCreatedSchema;
/** POST /api/images answers 200 with `duplicate: true` and the existing record for the same bytes. */
export const imageUploadResponseSchema = z.object({
  image: imageRecordSchema,
  duplicate: z.literal(true).optional(),
  ...waitingFields,
});

/**
 * A photo sent again from the upload queue names its bytes' SHA-256 (lower-case hex) in this
 * header: when it would not fit the quota any more, the server can still answer that it is the
 * photo already stored (200 duplicate) instead of a quota refusal for a photo that arrived.
 */
export const PHOTO_SHA256_HEADER = "x-photo-sha256";
export const uploadHeadersSchema = z.object({
  [PHOTO_SHA256_HEADER]: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "must be the photo's SHA-256 in lower-case hex")
    .optional(),
});

export const imageListQuerySchema = z.object({
  /**
   * A region id from /api/regions ("lon,lat"); checked by the server (400 invalid_region). Paged
   * like the whole list: `limit` (default and most IMAGE_PAGE_LIMIT) and `cursor`.
   */
  region: z.string().max(32).optional(),
  /** Photos per page, 1–IMAGE_PAGE_LIMIT (the default), with or without `region`. */
  limit: z.coerce.number().int().min(1).max(IMAGE_PAGE_LIMIT).optional(),
  /** Opaque: the `nextCursor` of the previous page (asked with the same `region` / `unplaced`). */
  cursor: z.string().min(1).max(512).optional(),
  /** "true": only the photos without coordinates (paged the same way). */
  unplaced: z.enum(["true", "false"]).optional(),
});
export type ImageListQuery = z.infer<typeof imageListQuerySchema>;

export const imageIdParamsSchema = z.object({ id: z.guid() });

/** GET /api/poles/:id: the pole and its timeline (its photos in list order). */
export const poleTimelineSchema = z.object({
  pole: poleRecordSchema.extend(poleInspectionSchema.shape),
  images: z.array(imageRecordSchema),
  /** Its findings, newest first. */
  findings: z.array(findingSchema).default([]),
});
/** GET /api/poles/:id: the pole and its photos in list order. */
export type PoleTimeline = z.infer<typeof poleTimelineSchema>;

/** GET /files/<key>: the key is the rest of the path. */
export const fileParamsSchema = z.object({ "*": z.string() });

export const regionBoundsSchema = z.object({
  minLon: z.number(),
  minLat: z.number(),
  maxLon: z.number(),
  maxLat: z.number(),
});

export const regionSummarySchema = z.object({
  /** The rounded "lon,lat" key. */
  id: z.string(),
  /** "Region N": numbered once per workspace in the order regions appear, kept while it has photos. */
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  count: z.number().int(),
  bounds: regionBoundsSchema,
  /** Its poles by condition: the poles whose position lies in the region. */
  risk: regionRiskSchema,
  ...regionInspectionSchema.shape,
  /**
   * Its poles, photographed or not: only where the workspace imported a pole register (then a
   * region may have poles and no photos, `count` 0).
   */
  poles: z.number().int().optional(),
});
export type RegionSummary = z.infer<typeof regionSummarySchema>;
export const regionListSchema = z.object({ regions: z.array(regionSummarySchema) });

/**
 * The active workspace's storage: what its photos use and its quota (a personal workspace's, or a
 * team's pool). In a team where the caller has a cap, also what their own photos there use and
 * that cap.
 */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
  memberUsedBytes: z.number().int().nonnegative().optional(),
  memberCapBytes: z.number().int().positive().optional(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** For a request that does not match its schema: where, e.g. "params.id" or "query.limit". */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** GET /api/auth-status/reset-token?token=… — what the reset page needs before it shows the form. */
export const RESET_TOKEN_STATUS_PATH = "/api/auth-status/reset-token";
export const resetTokenStatusSchema = z.object({
  /** valid; expired; invalid = used or unknown; malformed = not a token at all (or missing). */
  status: z.enum(["valid", "expired", "invalid", "malformed"]),
});
export type ResetTokenStatus = z.infer<typeof resetTokenStatusSchema>["status"];

/** The signed-in user as the web sees it (better-auth's get-session answer, trimmed). */
export const sessionUserSchema = z.object({ id: z.string(), email: z.string() });
export type AuthUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth-status/reset-token's query: one token (a repeated ?token= is a 400). */
export const resetTokenStatusQuerySchema = z.object({ token: z.string().optional() });

/** GET /api/health (200 or 503): the process and its database answer. */
export const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.boolean(),
  /** Why the database is down, when the server knows (e.g. the embedded PostgreSQL exited). */
  reason: z.string().optional(),
});
/** GET /api/ready (200 or 503): the database and the photo storage answer. */
export const readinessSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  database: z.boolean(),
  storage: z.boolean(),
});
/**
 * GET /dev/mail answers an HTML page, only with `key` (the mailbox's key, logged at start), so a
 * same-host proxy that reaches it finds it shut.
 */
export const devMailboxQuerySchema = z.object({ key: z.string().max(200).optional() });
export const htmlPageSchema = z.string();
