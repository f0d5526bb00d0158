/**
 * GIS export: `GET /api/export` streams the active workspace's photos as GeoJSON, CSV
 * or KML. The query schema, the CSV columns and the dialog's texts live here so server and web
 * agree on them.
 */
import { z } from "zod";
import { findingStatusFilterSchema, findingWorkFilterFields } from "./finding-work";
import { isCalendarDay } from "./format";
import { RISK_LEVELS } from "./poles";

/** `shp`: a zipped Shapefile (.shp, .shx, .dbf, .prj, .cpg); `gpkg`: a GeoPackage. */
export const EXPORT_FORMATS = ["geojson", "csv", "kml", "shp", "gpkg"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The risk filter's values: the photo's own risk, and `unrated` for photos without one. */
export const EXPORT_RISKS = [...RISK_LEVELS, "unrated"] as const;
export type ExportRisk = (typeof EXPORT_RISKS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  geojson: "application/geo+json",
  csv: "text/csv; charset=utf-8",
  kml: "application/vnd.google-earth.kml+xml",
  shp: "application/zip",
  gpkg: "application/geopackage+sqlite3",
};

/** The file name's extension of each format: a Shapefile travels as a zip. */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = {
  geojson: "geojson",
  csv: "csv",
  kml: "kml",
  shp: "zip",
  gpkg: "gpkg",
};

/** The CSV header, in column order (RFC 4180, UTF-8). */
export const EXPORT_CSV_COLUMNS = [
  "id",
  "name",
  "date",
  "latitude",
  "longitude",
  "pole_id",
  "pole_label",
  "risk",
  "notes",
  "uploaded_by",
  "image_url",
  "heading",
  /** The photo's pole as the map colours it (see EXPORT_POLE_COLUMNS); empty without a pole. */
  "pole_condition",
  "pole_condition_source",
] as const;

/**
 * `photos` (the default): one row per photo; `poles`: one row per pole, with its register fields;
 * `findings`: one row per finding, at its pole's position.
 */
export const EXPORT_LAYERS = ["photos", "poles", "findings"] as const;
export type ExportLayer = (typeof EXPORT_LAYERS)[number];

/**
 * The poles layer's fixed columns, in order; each key of the poles' `attributes` follows as a
 * column of its own, so that importing the file gives the same poles. The id is `pole_uuid`, a
 * column the import leaves out, as it leaves out risk and the photo columns.
 */
export const EXPORT_POLE_COLUMNS = [
  "pole_uuid",
  "tag",
  "label",
  "latitude",
  "longitude",
  "material",
  "height_m",
  "class",
  "installed_year",
  "circuit",
  "source",
  "position_source",
  "risk",
  "photo_count",
  "last_photo_date",
  /** The pole's last inspection visit of any type, and the day its inspection falls due. */
  "last_visit_on",
  "inspection_due_on",
  /**
   * The pole's latest lean measured from photos: degrees from plumb, the compass direction its top
   * leans toward (empty for a lean seen in one photo), "true" when seen in one photo only, when.
   */
  "lean_deg",
  "lean_toward_deg",
  "lean_apparent",
  "lean_measured_at",
  /**
   * What the map shows of the pole: its condition (`high`, `medium`, `low`, `unrated`: the worst
   * open finding's level, else the quick rating), where that comes from (`finding`, `rating`,
   * empty when unrated), and its inspection state (`current`, `due`, `overdue`, `never`) from the
   * earliest due day of its types.
   */
  "condition",
  "condition_source",
  "inspection_state",
] as const;

/**
 * The poles layer's columns of one inspection type of the workspace, after the fixed ones: the
 * pole's last visit of that type, the day the type's cycle runs out from it, and its state
 * (`never` without a visit of the type).
 */
export const inspectionTypeColumns = (code: string) =>
  [`inspection_${code}_last_visit_on`, `inspection_${code}_due_on`, `inspection_${code}_state`] as const;

/** A column of inspectionTypeColumns, by its name: what an import of an export leaves out. */
export const INSPECTION_TYPE_COLUMN = /^inspection_[a-z0-9][a-z0-9-]*_(?:last_visit_on|due_on|state)$/;

/** Where a pole's condition comes from: its worst open finding, else its quick rating. */
export const CONDITION_SOURCES = ["finding", "rating"] as const;
export type ConditionSource = (typeof CONDITION_SOURCES)[number];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the form YYYY-MM-DD")
  .refine(isCalendarDay, "Not a calendar date");

const isExportRisk = (v: string): v is ExportRisk => (EXPORT_RISKS as readonly string[]).includes(v);

/** `risk=high,unrated`: a comma list, each value once at most (an error names `risk` itself). */
const riskList = z
  .string()
  .max(64)
  .transform((s, ctx): ExportRisk[] => {
    const list = [...new Set(s.split(",").map((v) => v.trim()))];
    if (list.every(isExportRisk)) return list;
    ctx.addIssue({ code: "custom", message: `Use ${EXPORT_RISKS.join(", ")}` });
    return z.NEVER;
  });

/** Query strings carry text: "true"/"1" and "false"/"0" only. */
const booleanish = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const exportQuerySchema = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    layer: z.enum(EXPORT_LAYERS).default("photos"),
    /** A region id from /api/regions ("lon,lat"); checked by the server (400 invalid_region). */
    region: z.string().max(32).optional(),
    risk: riskList.optional(),
    /** Inclusive bounds on the photo's date; photos without a date are left out when either is set. */
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** Only photos without a position. */
    unplaced: booleanish.optional(),
    /**
     * The findings layer: the work list's filters, as GET /api/findings takes them (`from` and
     * `to` are its observed_from and observed_to), and its sort; without `sort`, by pole tag.
     */
    status: findingStatusFilterSchema.optional(),
    overdue: booleanish.optional(),
    level: z
      .enum(["1", "2", "3"])
      .transform((v) => Number(v) as 1 | 2 | 3)
      .optional(),
    code: findingWorkFilterFields.code,
    assignee: findingWorkFilterFields.assignee,
    circuit: findingWorkFilterFields.circuit,
    due_within: findingWorkFilterFields.due_within,
    sort: findingWorkFilterFields.sort,
    /** The coordinate system of the file's positions; WGS 84 longitude/latitude without it. */
    crs: z
      .string()
      .max(16)
      .regex(/^EPSG:\d{1,6}$/i, "Use EPSG:<code>, e.g. EPSG:2227")
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: exportTexts.fromAfterTo });
    }
    // A pole has no date of its own and always has a position; a finding has its level, not a risk.
    const workList = [
      "status",
      "overdue",
      "level",
      "code",
      "assignee",
      "circuit",
      "due_within",
      "sort",
    ] as const;
    const notFor = {
      photos: workList,
      poles: ["from", "to", "unplaced", ...workList],
      findings: ["risk", "unplaced"],
    } as const;
    for (const key of notFor[q.layer]) {
      if (q[key] !== undefined)
        ctx.addIssue({ code: "custom", path: [key], message: exportTexts.notForLayer(q.layer, key) });
    }
    if (q.crs !== undefined && q.format === "kml")
      ctx.addIssue({ code: "custom", path: ["crs"], message: exportTexts.kmlIsWgs84 });
  });
export type ExportQuery = z.infer<typeof exportQuerySchema>;
/** What the web sends: the query as text, before the server's parsing. */
export type ExportQueryInput = z.input<typeof exportQuerySchema>;

/** The query string for a download link; empty filters are left out. */
export function exportSearch(q: {
  format: ExportFormat;
  layer?: ExportLayer;
  region?: string | null;
  risk?: readonly ExportRisk[];
  from?: string;
  to?: string;
  crs?: string;
  /** The findings layer's work list filters and sort, as GET /api/findings names them. */
  findings?: Record<string, string>;
}): string {
  const p = new URLSearchParams({ format: q.format });
  if (q.layer && q.layer !== "photos") p.set("layer", q.layer);
  if (q.crs) p.set("crs", q.crs);
  if (q.region) p.set("region", q.region);
  if (q.risk && q.risk.length > 0 && q.risk.length < EXPORT_RISKS.length) p.set("risk", q.risk.join(","));
  if (q.from) p.set("from", q.from);
  if (q.to) p.set("to", q.to);
  for (const [key, value] of Object.entries(q.findings ?? {})) p.set(key, value);
  return p.toString();
}

/** Exports one user may have streaming at once (each holds a database connection). */
export const EXPORTS_PER_USER = 2;
/** Exports one user may start in an hour (each leaves an entry in the team's audit trail). */
export const EXPORTS_PER_HOUR = 30;

export const exportTexts = {
  navItem: "Export",
  title: "Export",
  format: "Format",
  formats: {
    geojson: "GeoJSON",
    csv: "CSV",
    kml: "KML (Google Earth)",
    shp: "Shapefile (zip)",
    gpkg: "GeoPackage",
  } satisfies Record<ExportFormat, string>,
  scope: "Photos",
  thisRegion: "This region",
  everything: "Everything",
  risk: "Risk",
  risks: { low: "Low", medium: "Medium", high: "High", unrated: "Unrated" } satisfies Record<
    ExportRisk,
    string
  >,
  noRisk: "Choose at least one risk level.",
  from: "From",
  to: "To",
  fromAfterTo: "'From' must not be after 'To'.",
  download: "Download",
  downloading: "Downloading…",
  cancel: "Cancel",
  failed: "The export failed. Please try again.",
  /** 429 too_many_exports: each export holds a database connection while it streams. */
  tooMany: (n: number) => `${n} of your exports are still running. Wait for one to finish, then try again.`,
  /** 429 exports_per_hour (with Retry-After). */
  tooManyThisHour: (n: number) => `You can start ${n} exports an hour. Please try again later.`,
  /** 429 exports_busy (with Retry-After): the server's exports at once are all running. */
  busy: "The server is busy with other exports. Please try again in a minute.",
  notForLayer: (layer: ExportLayer, filter: string) => `The ${layer} layer has no '${filter}' filter.`,
  kmlIsWgs84: "KML is always in WGS 84 longitude/latitude: leave the coordinate system out for KML.",
  /** 400 unknown_crs. */
  unknownCrs: (crs: string) =>
    `${crs} is not a coordinate system that can be exported to: use an EPSG code of a projected or geographic system, e.g. EPSG:2227.`,
  layer: "Layer",
  layers: { photos: "Photos", poles: "Poles", findings: "Findings" } satisfies Record<ExportLayer, string>,
  crs: "Coordinate system",
  crsHelp: "EPSG:<code>; empty for WGS 84 longitude/latitude",
  crsInvalid: "Use EPSG: and the system's code, e.g. EPSG:2227.",
  /** The note of an export in a system that cannot express some rows' positions. */
  unplaceable: (n: number, crs: string) =>
    `${n === 1 ? "1 position" : `${n} positions`} cannot be expressed in ${crs}: ${n === 1 ? "that row has" : "those rows have"} no geometry here.`,
  /** KML folder of photos that belong to no pole. */
  noPole: "No pole",
} as const;
