/**
 * Poles and inspections: the contract both apps build on. A pole gathers every photo of
 * one owner taken within SPOT_RADIUS_METERS of it; the spec's "same coordinates" timeline is the
 * 0 m case of that rule.
 */
import { z } from "zod";
import { IMAGE_PAGE_LIMIT } from "./constants";
import { POSITION_SOURCES, poleRegisterFieldsSchema, poleTagResponseSchema } from "./pole-register";
import { poleLeanSchema } from "./measurements";
import { poleMarkersWireSchema } from "./pole-markers";
import { RISK_LEVELS } from "./risk";
export { RISK_LEVELS, type Risk, type RiskKey } from "./risk";
import { POLE_SPECIES, poleStrengthSchema, type PoleSpecies } from "./pole-strength";

/** The default of the server's SPOT_RADIUS_METERS setting. */
export const DEFAULT_SPOT_RADIUS_METERS = 10;
export const MAX_POLE_LABEL_LENGTH = 64;
export const MAX_NOTES_LENGTH = 2000;

/** The Risk Levels legend's colours (spec §2), for markers and the panel's control alike. */
export const RISK_COLORS = { low: "#4caf50", medium: "#ffeb3b", high: "#f44336" } as const;
/**
 * An unrated pole as the legend draws it: a grey ring around a dark centre, so at marker size it
 * never reads as Medium Risk's filled yellow.
 */
export const UNRATED_LOOK = { fill: "#202020", outline: "#B0B0B0" } as const;
/** A pole with an open finding past its due date: a red outer ring around its condition's colour. */
export const OVERDUE_RING = "#FF1744";
export const riskSchema = z.enum(RISK_LEVELS);

/** A pole as the map draws it. `risk` is the rating of its latest rated photo in timeline order. */
export const poleSummarySchema = z.object({
  id: z.string(),
  /** The asset tag painted on the pole ('P-10423'); "" until someone sets it. */
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  photo_count: z.number().int(),
  /** YYYY-MM-DD of its first and last dated photos, or null. */
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  risk: riskSchema.nullable(),
  /** Goes up by one on every change of the label or the register fields: the ETag is `"<version>"`. */
  version: z.number().int(),
  /** When and by whom (e-mail) it was last edited; null: never. */
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type PoleSummary = z.infer<typeof poleSummarySchema>;

const GUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * GET /api/poles?region=ID (the region's markers), GET /api/poles?tag=PREFIX&limit=N (poles by
 * tag) or GET /api/poles?ids=ID,ID (the move list's candidates, at most 50, with their latest
 * photo): one of the three. The last two answer poleTagResponseSchema.
 */
export const MAX_POLE_IDS = 50;
export const poleListQuerySchema = z
  .object({
    region: z.string().max(32).optional(),
    tag: z.string().trim().min(1).max(64).optional(),
    ids: z
      .string()
      .regex(
        new RegExp(`^${GUID}(,${GUID}){0,${MAX_POLE_IDS - 1}}$`, "i"),
        `Give at most ${MAX_POLE_IDS} pole ids, comma-separated`,
      )
      .optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .refine((q) => [q.region, q.tag, q.ids].filter((v) => v !== undefined).length === 1, {
    message: "Give one of region, tag or ids",
    path: ["region"],
  });

/** GET /api/poles: a region's markers, or (with ?tag=) the poles whose tag matches. */
export const poleListResponseSchema = z.union([poleMarkersWireSchema, poleTagResponseSchema]);
export type PoleListResponse = z.infer<typeof poleListResponseSchema>;

export const poleIdParamsSchema = z.object({ id: z.guid() });

/** A pole with the register's fields (tag, material, …): what GET and PATCH /api/poles/:id answer. */
export const poleRecordSchema = poleSummarySchema.extend(poleRegisterFieldsSchema.shape).extend({
  /** Absent from an older server: the position is then its photos' or the register's. */
  position_source: z.enum(POSITION_SOURCES).optional(),
  /** Its latest lean measured from photos; null: never measured, absent from an older server. */
  lean: poleLeanSchema.nullable().optional(),
  // What the loading check reads of the pole (null: not measured); absent from an older server.
  setting_depth_m: z.number().nullable().optional(),
  species: z
    .enum(POLE_SPECIES as [PoleSpecies, ...PoleSpecies[]])
    .nullable()
    .optional(),
  groundline_circumference_m: z.number().nullable().optional(),
  top_circumference_m: z.number().nullable().optional(),
  /** Each strength input as the check takes it: measured, from a documented default, or missing. */
  strength: poleStrengthSchema.optional(),
});
export type PoleRecord = z.infer<typeof poleRecordSchema>;
export const poleResponseSchema = z.object({ pole: poleRecordSchema });

/** Counts of a region's poles by their risk (GET /api/regions items carry it). */
export const regionRiskSchema = z.object({
  high: z.number().int(),
  medium: z.number().int(),
  low: z.number().int(),
  unrated: z.number().int(),
});
export type RegionRisk = z.infer<typeof regionRiskSchema>;

/**
 * Closer to 0 than this (a ten-thousandth of a millimetre) is 0: PostgreSQL refuses subnormal
 * doubles such as 5e-324, and no GPS tells such a place from the equator or the prime meridian.
 */
export const NEGLIGIBLE_DEGREES = 1e-9;
/** A latitude or longitude as stored: 0 when closer to it than NEGLIGIBLE_DEGREES. */
export const negligibleAsZero = (v: number) => (Math.abs(v) < NEGLIGIBLE_DEGREES ? 0 : v);
/**
 * A number as registers and GPX files write it: digits, a point, an exponent. Number() alone
 * would also read 0x10 as 16, 0b11, 0o7, Infinity, and "" as 0.
 */
export const PLAIN_DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const degrees = (limit: number) => z.number().min(-limit).max(limit).transform(negligibleAsZero);
const latitude = degrees(90);
const longitude = degrees(180);

/**
 * PATCH /api/images/:id: any of these, at least one. `latitude` and `longitude` come together and
 * (re)place the photo by the pole rule; `pole_id` moves it to another pole of the same owner, or to
 * a pole of its own with "new". `risk: null` clears the rating, `notes: null` or "" the notes.
 * Answers `{ image }`.
 */
export const imagePatchSchema = z
  .object({
    risk: riskSchema.nullable().optional(),
    notes: z.string().max(MAX_NOTES_LENGTH).nullable().optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    pole_id: z.union([z.guid(), z.literal("new")]).optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to change" })
  .refine((b) => (b.latitude === undefined) === (b.longitude === undefined), {
    message: "latitude and longitude come together",
    path: ["longitude"],
  })
  .refine((b) => !(b.pole_id !== undefined && b.latitude !== undefined), {
    message: "Either move the photo to a pole or give it coordinates, not both",
    path: ["pole_id"],
  });
export type ImagePatch = z.infer<typeof imagePatchSchema>;

/** GET /api/images?unplaced=true pages through the owner's photos without coordinates. */
export const UNPLACED_PAGE_LIMIT = IMAGE_PAGE_LIMIT;

export const poleTexts = {
  notRated: "Not rated",
  riskControl: "Risk",
  riskNone: "None",
  notes: "Notes",
  poleLabel: "Pole label",
  poleLabelEmpty: "No label",
  moveToPole: "Move to another pole",
  makeNewPole: "Make a new pole",
  unplacedPhotos: "Unplaced photos",
  placePhoto: "Place photo",
  unplacedHelp:
    "These photos have no GPS position. Give each its latitude and longitude to put it on the map.",
  unplacedReadOnly:
    "These photos have no GPS position. As a viewer you can see them; members, admins and owners can place them.",
  latitude: "Latitude",
  longitude: "Longitude",
  badLatitude: "Latitude must be a number between -90 and 90",
  badLongitude: "Longitude must be a number between -180 and 180",
  pickOnGlobe: "Click the globe",
  placeOnMap: "Place on map",
  placeOnMapHint: "Click the map to place this photo. Esc to cancel.",
  alreadyUploaded: "Already uploaded",
  saveFailed: "Could not save. Please try again.",
  unplacedLoadFailed: "The unplaced photos could not be loaded.",
  saveNotes: "Save notes",
  /** A draft kept while someone else saved other notes for the photo. */
  notesChangedMeanwhile: (saved: string) =>
    saved === ""
      ? "Someone else cleared these notes after you started typing. Saving keeps your text."
      : `Someone else changed these notes after you started typing. Saving replaces their text: “${saved}”`,
  retry: "Retry",
  poleSummary: (count: number) => (count === 1 ? "1 photo" : `${count} photos`),
  /** How far a pole is from the photo and which way: "12 m NE", "1.4 km S". */
  distance: (metres: number, direction: string) =>
    metres < 1000 ? `${Math.round(metres)} m ${direction}` : `${(metres / 1000).toFixed(1)} km ${direction}`,
  /** The eight compass points, from north clockwise. */
  compass: ["N", "NE", "E", "SE", "S", "SW", "W", "NW"],
  movedTo: (pole: string) => `Moved to ${pole}`,
  movedToNewPole: "Moved to a new pole",
  undo: "Undo",
  undone: "Move undone",
} as const;
