/**
 * What hangs on a pole: wires with their spans, guys and equipment (GET/POST
 * /api/poles/:id/attachments, PATCH/DELETE /api/attachments/:id). SI units throughout; the
 * loading check (GET /api/poles/:id/loading) reads them.
 */
import { z } from "zod";
import { MAX_HEIGHT_M } from "./pole-register";

export const POLE_ATTACHMENT_KINDS = [
  "primary",
  "secondary",
  "neutral",
  "communication",
  "streetlight",
  "transformer",
  "riser",
  "crossarm",
  "guy",
] as const;
export type PoleAttachmentKind = (typeof POLE_ATTACHMENT_KINDS)[number];
/** Kinds that are wires: they have a diameter, a tension and spans. */
export const WIRE_KINDS: readonly PoleAttachmentKind[] = ["primary", "secondary", "neutral", "communication"];

/** Limits of what a record may hold: far beyond any real pole, and finite. */
export const ATTACHMENT_LIMITS = {
  owner: 100,
  diameterMm: 200,
  tensionKn: 1000,
  spanLengthM: 5000,
  anchorDistanceM: 100,
  ratedKn: 2000,
  weightKg: 20_000,
  areaM2: 50,
  spans: 8,
  perPole: 100,
} as const;

const bearing = z.number().min(0).lt(360);
const positive = (max: number) => z.number().positive().max(max);
const atLeastZero = (max: number) => z.number().min(0).max(max);

/** A span to another pole of the register (its length and bearing follow the two positions). */
export const poleSpanSchema = z.object({ to_pole_id: z.guid() }).strict();
/** A span to a point outside the register: clockwise from true north, and its length. */
export const pointSpanSchema = z
  .object({ bearing_deg: bearing, length_m: positive(ATTACHMENT_LIMITS.spanLengthM) })
  .strict();
export const spanSchema = z.union([poleSpanSchema, pointSpanSchema]);
export type Span = z.infer<typeof spanSchema>;

/**
 * A span as answered: a span to a pole carries the bearing and length its two positions give now
 * (null when that pole is no longer in the workspace).
 */
export const spanAnswerSchema = z.union([
  z.object({
    to_pole_id: z.string(),
    bearing_deg: z.number().nullable(),
    length_m: z.number().nullable(),
  }),
  z.object({ bearing_deg: z.number(), length_m: z.number() }),
]);
export type SpanAnswer = z.infer<typeof spanAnswerSchema>;

const fields = {
  owner: z
    .string()
    .trim()
    .max(ATTACHMENT_LIMITS.owner)
    .nullable()
    .transform((v) => (v === "" ? null : v)),
  height_m: atLeastZero(MAX_HEIGHT_M).nullable(),
  measurement_id: z.guid().nullable(),
  diameter_mm: positive(ATTACHMENT_LIMITS.diameterMm).nullable(),
  tension_kN: atLeastZero(ATTACHMENT_LIMITS.tensionKn).nullable(),
  spans: z.array(spanSchema).max(ATTACHMENT_LIMITS.spans),
  anchor_distance_m: positive(ATTACHMENT_LIMITS.anchorDistanceM).nullable(),
  bearing_deg: bearing.nullable(),
  rated_kN: positive(ATTACHMENT_LIMITS.ratedKn).nullable(),
  weight_kg: atLeastZero(ATTACHMENT_LIMITS.weightKg).nullable(),
  area_m2: atLeastZero(ATTACHMENT_LIMITS.areaM2).nullable(),
};

/** POST /api/poles/:id/attachments: the kind, and whatever else is known. Answers `{ attachment }`. */
export const attachmentCreateSchema = z
  .object({
    kind: z.enum(POLE_ATTACHMENT_KINDS),
    owner: fields.owner.optional(),
    height_m: fields.height_m.optional(),
    measurement_id: fields.measurement_id.optional(),
    diameter_mm: fields.diameter_mm.optional(),
    tension_kN: fields.tension_kN.optional(),
    spans: fields.spans.optional(),
    anchor_distance_m: fields.anchor_distance_m.optional(),
    bearing_deg: fields.bearing_deg.optional(),
    rated_kN: fields.rated_kN.optional(),
    weight_kg: fields.weight_kg.optional(),
    area_m2: fields.area_m2.optional(),
  })
  .strict();
export type AttachmentCreate = z.infer<typeof attachmentCreateSchema>;

/** PATCH /api/attachments/:id: any of the fields, at least one; null clears one. */
export const attachmentPatchSchema = attachmentCreateSchema
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to change" });
export type AttachmentPatch = z.infer<typeof attachmentPatchSchema>;

export const attachmentIdParamsSchema = z.object({ id: z.guid() });

/** An attachment as answered; `version` is its ETag (If-Match on PATCH and DELETE). */
export const attachmentSchema = z.object({
  id: z.string(),
  pole_id: z.string(),
  kind: z.enum(POLE_ATTACHMENT_KINDS),
  owner: z.string().nullable(),
  height_m: z.number().nullable(),
  measurement_id: z.string().nullable(),
  diameter_mm: z.number().nullable(),
  tension_kN: z.number().nullable(),
  spans: z.array(spanAnswerSchema),
  anchor_distance_m: z.number().nullable(),
  bearing_deg: z.number().nullable(),
  rated_kN: z.number().nullable(),
  weight_kg: z.number().nullable(),
  area_m2: z.number().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentResponseSchema = z.object({ attachment: attachmentSchema });
/** GET /api/poles/:id/attachments: lowest first, then oldest first. */
export const attachmentListSchema = z.object({ attachments: z.array(attachmentSchema) });
export type AttachmentList = z.infer<typeof attachmentListSchema>;

/** 412 on PATCH or DELETE /api/attachments/:id with a stale If-Match: the attachment as it is now. */
export const attachmentConflictSchema = z.object({
  code: z.literal("edit_conflict"),
  message: z.string(),
  attachment: attachmentSchema,
});
