/**
 * Coordinate systems a register may be in (the EPSG registry, as the server's maintained index
 * holds it), and the fields a register's columns can go to: what the import's `crs` and `mapping`
 * take and answer, and GET /api/crs, the list the import dialog searches.
 */
import { z } from "zod";

/** "EPSG:2227": how a coordinate system is named on the wire. */
export const CRS_CODE = /^EPSG:(\d{1,6})$/i;
export const crsCodeSchema = z
  .string()
  .trim()
  .regex(CRS_CODE, { message: 'Name the system as "EPSG:<code>"' });

export const MAX_CRS_LIST = 50;
export const MAX_SUGGESTED_CRS = 10;

/** GET /api/crs?q=&limit= : systems whose code, name or area of use holds every word of `q`. */
export const crsQuerySchema = z.object({
  q: z.string().trim().max(200).default(""),
  limit: z.coerce.number().int().min(1).max(MAX_CRS_LIST).default(20),
});

export const crsSystemSchema = z.object({
  code: z.string(),
  name: z.string(),
  area: z.string(),
  unit: z.string(),
});
export type CrsSystem = z.infer<typeof crsSystemSchema>;
export const crsListSchema = z.object({ systems: z.array(crsSystemSchema) });

/** A system an import used or suggests: its code and name. */
export const crsNameSchema = z.object({ code: z.string(), name: z.string() });
export type CrsName = z.infer<typeof crsNameSchema>;

/**
 * Where a register's column goes: a pole's field, a coordinate (latitude/longitude in degrees,
 * x/y in the file's coordinate system), the pole's loose attributes, or nowhere.
 */
export const IMPORT_FIELDS = [
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
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const importMappingSchema = z.record(z.string(), z.enum(IMPORT_FIELDS));
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** An import's sample of accepted positions, for its preview. */
export const MAX_IMPORT_SAMPLE = 50;
export const importSampleSchema = z.object({
  tag: z.string().nullable(),
  longitude: z.number(),
  latitude: z.number(),
});
