/**
 * The utility's pole register: the fields a pole carries besides its photos (its tag, the number
 * painted on it, and the asset data of the utility's GIS), how they are edited, and what an import
 * of the register answers. A workspace that never imports keeps photo-made poles only.
 */
import { z } from "zod";

export const POLE_MATERIALS = ["wood", "steel", "concrete", "composite", "other"] as const;
export type PoleMaterial = (typeof POLE_MATERIALS)[number];
export const POLE_SOURCES = ["photo", "import"] as const;
/** Where a pole's position came from (the register, exports and the OGC layer carry it). */
export const POSITION_SOURCES = ["gps", "bearings", "import", "manual"] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];

export const MAX_TAG_LENGTH = 64;
export const MAX_CLASS_LENGTH = 16;
export const MAX_CIRCUIT_LENGTH = 64;
export const MIN_HEIGHT_M = 1;
export const MAX_HEIGHT_M = 100;
export const MIN_INSTALLED_YEAR = 1850;
/** Next year: a pole may be registered before it is set. */
export const maxInstalledYear = (now: Date = new Date()) => now.getUTCFullYear() + 1;
/** The other columns of an import, as JSON text (UTF-8 bytes). */
export const MAX_ATTRIBUTES_BYTES = 4096;

export const poleAttributesSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type PoleAttributes = z.infer<typeof poleAttributesSchema>;

/** The register's fields of a pole (GET /api/poles/:id answers them with the summary). */
export const poleRegisterFieldsSchema = z.object({
  tag: z.string().nullable(),
  material: z.enum(POLE_MATERIALS).nullable(),
  height_m: z.number().nullable(),
  class: z.string().nullable(),
  installed_year: z.number().int().nullable(),
  circuit: z.string().nullable(),
  source: z.enum(POLE_SOURCES),
  attributes: poleAttributesSchema,
  /** Where its position came from: a photo's GPS, the photos' bearings, the register, or by hand. */
  position_source: z.enum(POSITION_SOURCES),
});
export type PoleRegisterFields = z.infer<typeof poleRegisterFieldsSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v));

/**
 * PATCH /api/poles/:id: any of these, at least one; null or "" clears a field. Answers `{ pole }`.
 * The tag stays unique in the workspace (409 when another pole has it).
 */
export const polePatchSchema = z
  .object({
    label: z.string().trim().max(64).optional(),
    tag: optionalText(MAX_TAG_LENGTH),
    material: z.enum(POLE_MATERIALS).nullable().optional(),
    height_m: z.number().min(MIN_HEIGHT_M).max(MAX_HEIGHT_M).nullable().optional(),
    class: optionalText(MAX_CLASS_LENGTH),
    installed_year: z
      .number()
      .int()
      .min(MIN_INSTALLED_YEAR)
      .refine((y) => y <= maxInstalledYear(), { message: "Installed year is in the future" })
      .nullable()
      .optional(),
    circuit: optionalText(MAX_CIRCUIT_LENGTH),
    attributes: poleAttributesSchema
      .refine((a) => new TextEncoder().encode(JSON.stringify(a)).length <= MAX_ATTRIBUTES_BYTES, {
        message: "Attributes are larger than 4 KB",
      })
      .optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to change" });
export type PolePatch = z.infer<typeof polePatchSchema>;
/** What a client sends (before the schema's trimming and clearing). */
export type PolePatchBody = z.input<typeof polePatchSchema>;

/** POST /api/poles/import?dryRun=true */
export const poleImportQuerySchema = z.object({
  dryRun: z.enum(["true", "false"]).optional(),
});

export const poleImportRejectionSchema = z.object({
  /** The file's own numbering from 1: the CSV line, the feature or record index. */
  row: z.number().int(),
  reason: z.string(),
});
export type PoleImportRejection = z.infer<typeof poleImportRejectionSchema>;

/** What an import (or its dry run) did, or would do, with each row of the file. */
export const poleImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.array(poleImportRejectionSchema),
  /** Rejections past the first MAX_LISTED_REJECTIONS are counted here, not listed. */
  rejected_count: z.number().int(),
  /** The accepted rows' extent (WGS84 degrees), null when none was accepted. */
  bounds: z
    .object({ minLon: z.number(), minLat: z.number(), maxLon: z.number(), maxLat: z.number() })
    .nullable(),
  dry_run: z.boolean(),
  /** Last inspections recorded as imported visits (a dry run: that would be). */
  visits: z.number().int().default(0),
});
export type PoleImportResult = z.infer<typeof poleImportResultSchema>;
export const MAX_LISTED_REJECTIONS = 1000;

/**
 * GET /api/poles?tag=PREFIX&limit= (at most 50): the workspace's poles whose tag or label starts
 * so; GET /api/poles?ids= the same for the poles named. Each with its photo count and its latest
 * photo's thumbnail (null: no photo), so a list can tell poles apart at a glance.
 */
export const poleTagHitSchema = z.object({
  id: z.string(),
  tag: z.string().nullable(),
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  risk: z.enum(["low", "medium", "high"]).nullable(),
  photo_count: z.number().int(),
  thumbnail_url: z.string().nullable(),
});
export type PoleTagHit = z.infer<typeof poleTagHitSchema>;
export const poleTagResponseSchema = z.object({ poles: z.array(poleTagHitSchema) });

// ---- The register import's coordinate system, column mapping and preview (dialog ↔ server) ----

/** What a source column of a register may become; "attribute" keeps it loose, "ignore" drops it. */
export const POLE_IMPORT_FIELDS = [
  "tag",
  "label",
  "latitude",
  "longitude",
  "x",
  "y",
  "material",
  "height_m",
  "height_ft",
  "class",
  "installed_year",
  "circuit",
  "owner",
  "last_inspected_on",
  "last_inspection_type",
  "attribute",
  "ignore",
] as const;
export const poleImportFieldSchema = z.enum(POLE_IMPORT_FIELDS);
export type PoleImportField = z.infer<typeof poleImportFieldSchema>;

/** `mapping` of an import, in and out: {source column: field}. */
export const poleImportMappingSchema = z.record(z.string(), poleImportFieldSchema);
export type PoleImportMapping = z.infer<typeof poleImportMappingSchema>;

/** A coordinate system as the import takes it: "EPSG:<code>". */
export const crsCodeSchema = z.string().regex(/^EPSG:\d{1,6}$/, "Give the coordinate system as EPSG:<code>");

/** A coordinate system named: what an import used and what it suggests. */
export const crsRefSchema = z.object({ code: z.string(), name: z.string() });
export type CrsRef = z.infer<typeof crsRefSchema>;

/** GET /api/crs?q=&limit=: the systems whose code, name or area matches. */
export const CRS_SEARCH_MAX_LIMIT = 50;
export const crsSearchQuerySchema = z.object({
  q: z.string().trim().max(100).default(""),
  limit: z.coerce.number().int().min(1).max(CRS_SEARCH_MAX_LIMIT).default(20),
});
export const crsSystemSchema = crsRefSchema.extend({
  area: z.string().nullable(),
  unit: z.string().nullable(),
});
export type CrsSystem = z.infer<typeof crsSystemSchema>;
export const crsSearchResponseSchema = z.object({ systems: z.array(crsSystemSchema) });

/** The accepted rows' extent in WGS 84 degrees. */
export const poleImportAreaSchema = z.object({
  minLon: z.number(),
  minLat: z.number(),
  maxLon: z.number(),
  maxLat: z.number(),
});
export type PoleImportArea = z.infer<typeof poleImportAreaSchema>;
export const poleImportSamplePointSchema = z.object({
  tag: z.string().nullable(),
  longitude: z.number(),
  latitude: z.number(),
});
export type PoleImportSamplePoint = z.infer<typeof poleImportSamplePointSchema>;

/**
 * An import's answer with how it read the file: the mapping and system it used, the area and a
 * sample of positions (at most 50) to see before writing, and the likely systems when the rows
 * looked projected and none was given. Defaults let a dialog read an answer without them.
 */
export const poleImportAnswerSchema = poleImportResultSchema.extend({
  mapping: poleImportMappingSchema.default({}),
  crs: crsRefSchema.nullable().default(null),
  area: poleImportAreaSchema.nullable().default(null),
  sample: z.array(poleImportSamplePointSchema).default([]),
  suggestedCrs: z.array(crsRefSchema).default([]),
});
export type PoleImportAnswer = z.infer<typeof poleImportAnswerSchema>;
