/**
 * The utility's pole register: the fields a pole carries besides its photos (its tag, the number
 * painted on it, and the asset data of the utility's GIS), how they are edited, and what an import
 * of the register answers. A workspace that never imports keeps photo-made poles only.
 */
import { z } from "zod";
import { crsNameSchema, importMappingSchema, importSampleSchema } from "./coordinate-systems";
import { poleRecordTexts } from "./messages";
import { safeLabel } from "./names";
import { POLE_SPECIES, type PoleSpecies } from "./pole-strength";

export const POLE_MATERIALS = ["wood", "steel", "concrete", "composite", "other"] as const;
export type PoleMaterial = (typeof POLE_MATERIALS)[number];
export const POLE_SOURCES = ["photo", "import"] as const;
/** Where a pole's position came from: its photos' GPS, their bearings, a register, or by hand. */
export const POSITION_SOURCES = ["gps", "bearings", "import", "manual"] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];

export const MAX_TAG_LENGTH = 64;
export const MAX_CLASS_LENGTH = 16;
export const MAX_CIRCUIT_LENGTH = 64;
export const MIN_HEIGHT_M = 1;
export const MAX_HEIGHT_M = 100;
export const MIN_INSTALLED_YEAR = 1850;
/** A setting depth and a circumference a real pole may have (metres). */
export const MIN_SETTING_DEPTH_M = 0.3;
export const MAX_SETTING_DEPTH_M = 10;
export const MIN_CIRCUMFERENCE_M = 0.2;
export const MAX_CIRCUMFERENCE_M = 6;
/** Next year: a pole may be registered before it is set. */
export const maxInstalledYear = (now: Date = new Date()) => now.getUTCFullYear() + 1;
/** The other columns of an import, as JSON text (UTF-8 bytes). */
export const MAX_ATTRIBUTES_BYTES = 4096;

export const poleAttributesSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type PoleAttributes = z.infer<typeof poleAttributesSchema>;

/** Attributes a pole may carry, a name's and a text value's characters (edited in the record). */
export const MAX_POLE_ATTRIBUTES = 50;
export const MAX_ATTRIBUTE_NAME_LENGTH = 64;
export const MAX_ATTRIBUTE_VALUE_LENGTH = 256;
/**
 * Distinct attribute names across a workspace's poles: each is a column of every export of the
 * poles layer. Imports and edits that would pass it are refused naming it.
 */
export const MAX_WORKSPACE_ATTRIBUTE_NAMES = 200;

/**
 * The attributes a PATCH sets (the whole map: a name left out is removed), names and text values
 * trimmed and cleaned as labels are. A name emptied by trimming, one given twice once trimmed (in
 * any case: "Owner" and "owner" are one name), an empty value and anything over the limits are
 * refused with what is wrong.
 */
export const poleAttributesPatchSchema = poleAttributesSchema.transform((given, ctx) => {
  const t = poleRecordTexts;
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  const entries = Object.entries(given);
  if (entries.length > MAX_POLE_ATTRIBUTES) return fail(t.tooManyAttributes(MAX_POLE_ATTRIBUTES));
  // A Map, so that no name (not even "__proto__") is anything but a name.
  const out = new Map<string, string | number>();
  // Names that differ only in case are one name (exports and GIS fields fold them).
  const folded = new Set<string>();
  for (const [name, value] of entries) {
    const key = safeLabel(name);
    if (key === "") return fail(t.attributeNameEmpty);
    if (key.length > MAX_ATTRIBUTE_NAME_LENGTH)
      return fail(t.attributeNameTooLong(MAX_ATTRIBUTE_NAME_LENGTH));
    if (folded.has(key.toLowerCase())) return fail(t.attributeTwice(key));
    folded.add(key.toLowerCase());
    const kept = typeof value === "string" ? safeLabel(value) : value;
    if (kept === "") return fail(t.attributeValueEmpty(key));
    if (typeof kept === "string" && kept.length > MAX_ATTRIBUTE_VALUE_LENGTH)
      return fail(t.attributeValueTooLong(key, MAX_ATTRIBUTE_VALUE_LENGTH));
    out.set(key, kept);
  }
  const attributes: PoleAttributes = Object.fromEntries(out);
  if (new TextEncoder().encode(JSON.stringify(attributes)).length > MAX_ATTRIBUTES_BYTES)
    return fail(t.attributesTooLarge(MAX_ATTRIBUTES_BYTES / 1024));
  return attributes;
});

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
    attributes: poleAttributesPatchSchema.optional(),
    // The loading check's inputs, as measured on the pole (null clears one: the default applies).
    setting_depth_m: z.number().min(MIN_SETTING_DEPTH_M).max(MAX_SETTING_DEPTH_M).nullable().optional(),
    species: z
      .enum(POLE_SPECIES as [PoleSpecies, ...PoleSpecies[]])
      .nullable()
      .optional(),
    groundline_circumference_m: z
      .number()
      .min(MIN_CIRCUMFERENCE_M)
      .max(MAX_CIRCUMFERENCE_M)
      .nullable()
      .optional(),
    top_circumference_m: z.number().min(MIN_CIRCUMFERENCE_M).max(MAX_CIRCUMFERENCE_M).nullable().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to change" });
export type PolePatch = z.infer<typeof polePatchSchema>;
/** What a client sends (before the schema's trimming and clearing). */
export type PolePatchBody = z.input<typeof polePatchSchema>;

/**
 * POST /api/poles/import?dryRun=true. `crs` ("EPSG:<code>") and `mapping` (JSON, column → field)
 * may come as query or as multipart fields before the file; the service checks both.
 */
export const poleImportQuerySchema = z.object({
  dryRun: z.enum(["true", "false"]).optional(),
  crs: z.string().max(100).optional(),
  mapping: z.string().max(65536).optional(),
  /** A GeoPackage's layer to read; without it, its first point layer. */
  layer: z.string().min(1).max(200).optional(),
  /**
   * "true": the register fields and attributes the file has no column for are cleared on the poles
   * it updates. Default: they stay as stored.
   */
  clearMissing: z.enum(["true", "false"]).optional(),
});

/** How many updated poles a field (or an attribute, by name) changes to another value or clears. */
export const poleImportFieldChangeSchema = z.object({
  /** "position", a register field (height_m, material…), or an attribute's name. */
  name: z.string(),
  kind: z.enum(["field", "attribute"]),
  changed: z.number().int(),
  cleared: z.number().int(),
});
export type PoleImportFieldChange = z.infer<typeof poleImportFieldChangeSchema>;

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
  /** Each column and the field it went to, as used (unmapped columns: "attribute"). */
  mapping: importMappingSchema.default({}),
  /** The coordinate system the positions were read in; null: WGS 84 longitude/latitude. */
  crs: crsNameSchema.nullable().default(null),
  /** The accepted rows' extent, as `bounds`: what the preview frames. */
  area: z
    .object({ minLon: z.number(), minLat: z.number(), maxLon: z.number(), maxLat: z.number() })
    .nullable()
    .default(null),
  /** Up to MAX_IMPORT_SAMPLE accepted positions spread over the file (WGS 84). */
  sample: z.array(importSampleSchema).default([]),
  /** Rows looked projected and no system was given: the likeliest systems, best first. */
  suggestedCrs: z.array(crsNameSchema).optional(),
  /** Per field and attribute, what the updated poles change (a dry run: would change). */
  field_changes: z.array(poleImportFieldChangeSchema).default([]),
  /** The fields the file lacks were cleared (the request's clearMissing). */
  clear_missing: z.boolean().default(false),
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
