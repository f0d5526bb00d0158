/**
 * OGC API – Features under /ogc: the standard QGIS, ArcGIS Pro and GDAL read as a live layer.
 * Collections `poles`, `photos` and (once the workspace has some) `findings`, GeoJSON in CRS84
 * (longitude, latitude), paged by `limit` and `next` links, filtered by `bbox` and (photos by
 * their date, findings by their observed date) `datetime`.
 */
import { z } from "zod";
import { isCalendarDay } from "./format";

export const OGC_PATH = "/ogc";
export const OGC_COLLECTIONS = ["poles", "photos", "findings"] as const;
export type OgcCollection = (typeof OGC_COLLECTIONS)[number];
export const OGC_DEFAULT_LIMIT = 100;
export const OGC_MAX_LIMIT = 10_000;
export const GEOJSON_TYPE = "application/geo+json";
export const CRS84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84";
export const OGC_CONFORMANCE = [
  "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core",
  "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson",
  "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30",
] as const;

export const ogcTexts = {
  title: "PoleAtlas",
  description: "The workspace's poles, placed photos and inspection findings, as OGC API – Features.",
  collections: {
    poles: { title: "Poles", description: "Poles with their register fields, condition and photo count." },
    photos: {
      title: "Photos",
      description: "Placed photos with their date, rating, camera heading and file links.",
    },
    findings: {
      title: "Findings",
      description: "Inspection findings at their pole: code, level, status, observed and due dates, overdue.",
    },
  } as Record<OgcCollection, { title: string; description: string }>,
  badBbox: "bbox must be four numbers: west,south,east,north (longitude and latitude in degrees).",
  badDatetime:
    "datetime must be a date or date-time, or an interval of them (start/end, with .. for an open end).",
  unsupportedCrs: (param: string) =>
    `${param} must be ${CRS84} (longitude, latitude in degrees): the only coordinate reference system served.`,
  unknownCollection: "No such collection.",
  unknownFeature: "No such feature.",
  keyNeeded: "Send an API key: X-API-Key, Authorization: Bearer, or HTTP Basic with the key as password.",
} as const;

const number = z
  .string()
  .trim()
  .regex(/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/)
  .transform(Number);

/** west,south,east,north (a 6-number box's heights are ignored); west > east crosses 180°. */
export const ogcBboxSchema = z.string().transform((s, ctx) => {
  const parts = s.split(",").map((p) => number.safeParse(p));
  const values = parts.map((p) => (p.success ? p.data : NaN));
  if ((values.length !== 4 && values.length !== 6) || values.some((v) => !Number.isFinite(v))) {
    ctx.addIssue({ code: "custom", message: ogcTexts.badBbox });
    return z.NEVER;
  }
  const [west, south, , east, north] =
    values.length === 6 ? values : [values[0], values[1], 0, values[2], values[3]];
  const box = { west: west!, south: south!, east: east!, north: north! };
  const inRange = (v: number, max: number) => v >= -max && v <= max;
  if (
    ![box.west, box.east].every((v) => inRange(v, 180)) ||
    ![box.south, box.north].every((v) => inRange(v, 90)) ||
    box.south > box.north
  ) {
    ctx.addIssue({ code: "custom", message: ogcTexts.badBbox });
    return z.NEVER;
  }
  return box;
});
export type OgcBbox = z.output<typeof ogcBboxSchema>;

const DAY = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** The day of a date or date-time; null for a day no calendar has (2026-02-30, year 0). */
const dayOf = (s: string) => {
  const m = DAY.exec(s.trim());
  return m && isCalendarDay(m[1]!) ? m[1]! : null;
};
/** Photos and findings are dated by day: an instant is its day, an interval its days (ends included). */
export const ogcDatetimeSchema = z.string().transform((s, ctx) => {
  const [start = "", end, extra] = s.split("/");
  const open = (v: string) => v === ".." || v === "";
  const from = end === undefined ? dayOf(start) : open(start) ? null : dayOf(start);
  const to = end === undefined ? from : open(end) ? null : dayOf(end);
  const bad =
    extra !== undefined ||
    (end === undefined ? from === null : (!open(start) && from === null) || (!open(end) && to === null)) ||
    (from !== null && to !== null && from > to);
  if (bad) {
    ctx.addIssue({ code: "custom", message: ogcTexts.badDatetime });
    return z.NEVER;
  }
  return { from, to };
});

/**
 * `crs` / `bbox-crs` (OGC API – Features, Part 2): CRS84 is the one system served, by its URI or
 * its safe CURIE; any other is a 400, as the standard asks, never a silent answer in CRS84.
 */
const crsParam = (param: string) =>
  z.string().refine((v) => [CRS84, "[OGC:CRS84]"].includes(v.trim()), ogcTexts.unsupportedCrs(param));

export const ogcItemsQuerySchema = z.object({
  // Larger limits are served at the maximum, as the standard asks (not an error).
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(OGC_DEFAULT_LIMIT)
    .transform((n) => Math.min(n, OGC_MAX_LIMIT)),
  bbox: ogcBboxSchema.optional(),
  "bbox-crs": crsParam("bbox-crs").optional(),
  crs: crsParam("crs").optional(),
  datetime: ogcDatetimeSchema.optional(),
  /** Where the previous page ended (the `next` link carries it). */
  cursor: z.uuid().optional(),
  /** Photos only: one pole's photos. */
  pole: z.uuid().optional(),
  /** The standard's format switch: JSON is the only format here. */
  f: z.enum(["json", "geojson"]).optional(),
});
export type OgcItemsQuery = z.output<typeof ogcItemsQuerySchema>;

export const ogcCollectionParamsSchema = z.object({ collectionId: z.string().max(64) });
export const ogcItemParamsSchema = z.object({
  collectionId: z.string().max(64),
  featureId: z.string().max(64),
});
export const ogcFormatQuerySchema = z.object({ f: z.enum(["json", "geojson"]).optional() });
/** One feature: the format, and the CRS it is asked in. */
export const ogcItemQuerySchema = ogcFormatQuerySchema.extend({ crs: crsParam("crs").optional() });

export const ogcLinkSchema = z.object({
  href: z.string(),
  rel: z.string(),
  type: z.string().optional(),
  title: z.string().optional(),
});

export const ogcLandingSchema = z.object({
  title: z.string(),
  description: z.string(),
  links: z.array(ogcLinkSchema),
});
export const ogcConformanceSchema = z.object({ conformsTo: z.array(z.string()) });
export const ogcCollectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  itemType: z.literal("feature"),
  crs: z.array(z.string()),
  extent: z.object({ spatial: z.object({ bbox: z.array(z.array(z.number())), crs: z.string() }) }),
  links: z.array(ogcLinkSchema),
});
export const ogcCollectionsSchema = z.object({
  links: z.array(ogcLinkSchema),
  collections: z.array(ogcCollectionSchema),
});

export const ogcFeatureSchema = z.object({
  type: z.literal("Feature"),
  id: z.string(),
  geometry: z.object({ type: z.literal("Point"), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.record(z.string(), z.unknown()),
  links: z.array(ogcLinkSchema).optional(),
});
export type OgcFeature = z.infer<typeof ogcFeatureSchema>;
export const ogcFeatureCollectionSchema = z.object({
  type: z.literal("FeatureCollection"),
  features: z.array(ogcFeatureSchema),
  numberReturned: z.number().int(),
  timeStamp: z.string(),
  links: z.array(ogcLinkSchema),
});
export type OgcFeatureCollection = z.infer<typeof ogcFeatureCollectionSchema>;
