/**
 * Each layer as a table of typed columns and one position per row: what the typed formats
 * (Shapefile, GeoPackage) write, and the findings layer's text formats. Poles and findings are
 * named by the pole's tag (then its label), the name the utility knows them by, not by ids.
 */
import { EXPORT_POLE_COLUMNS, inspectionState, regionKey } from "@poleatlas/shared";
import type { ExportRow, FindingExportRow } from "./export.repository";
import { imageUrl, poleCondition, type WriterContext } from "./export-writers";
import { attributeCells, fixedValues, type PoleColumns, type Value } from "./pole-columns";
import type { PoleExportRow } from "./pole-rows";

export type { Value };
export type FieldType = "text" | "integer" | "real" | "date";
export interface TableField {
  name: string;
  type: FieldType;
}

/** Rows of a second table beside the layer (a Shapefile's attributes past its field limit). */
export interface SideTable<R> {
  /** Its file's base name. */
  name: string;
  columns: string[];
  rows(r: R): Value[][];
}

export interface Table<R> {
  /** The GeoPackage table and the Shapefile's base name. */
  name: string;
  fields: TableField[];
  values(r: R): Value[];
  /** WGS 84 [longitude, latitude]; null: no position (an unplaced photo). */
  position(r: R): [number, number] | null;
  /** What a KML placemark of the row is called. */
  title(r: R): string;
  side?: SideTable<R>;
}

const POLE_TYPES: Partial<Record<(typeof EXPORT_POLE_COLUMNS)[number], FieldType>> = {
  height_m: "real",
  installed_year: "integer",
  photo_count: "integer",
  last_photo_date: "date",
  last_visit_on: "date",
  inspection_due_on: "date",
  lean_deg: "real",
  lean_toward_deg: "real",
};
/** The inspection types' columns: last visit and due day are dates, the state text. */
const typeColumnType = (name: string): FieldType => (name.endsWith("_state") ? "text" : "date");
const FIXED_TYPES = new Map<string, FieldType>(Object.entries(POLE_TYPES));
const POSITION = new Set(["latitude", "longitude"]);

/**
 * The poles layer: its columns (see pole-columns), the position aside. The attributes past the
 * format's limit go to the overflow column as one JSON object (`overflowColumn`), or with
 * `side`, to a side table of one row per pole and name.
 */
export function polesTable(columns: PoleColumns, side?: string): Table<PoleExportRow> {
  const fixedAt = columns.fixed.flatMap((c, i) => (POSITION.has(c) ? [] : [i]));
  const typeStart = EXPORT_POLE_COLUMNS.length;
  const n = columns.attributes.length;
  const json = columns.overflowColumn;
  return {
    name: "poles",
    fields: [
      ...fixedAt.map((i) => {
        const name = columns.fixed[i]!;
        return { name, type: i >= typeStart ? typeColumnType(name) : (FIXED_TYPES.get(name) ?? "text") };
      }),
      ...columns.attributes.map((name) => ({
        name,
        type: columns.numeric.has(name) ? ("real" as const) : ("text" as const),
      })),
      ...(json === undefined ? [] : [{ name: json, type: "text" as const }]),
    ],
    values: (r) => {
      const fixed = fixedValues(columns, r);
      const values: Value[] = fixedAt.map((i) => fixed[i] ?? null);
      const attributes = new Array<Value>(n).fill(null);
      const { cells, overflow } = attributeCells(columns, r);
      for (const [i, v] of cells) attributes[i] = columns.numeric.has(columns.attributes[i]!) ? v : String(v);
      values.push(...attributes);
      if (json !== undefined)
        values.push(overflow.length === 0 ? null : JSON.stringify(Object.fromEntries(overflow)));
      return values;
    },
    position: (r) => [r.longitude, r.latitude],
    title: (r) => r.tag || r.label || `Pole ${r.id.slice(0, 8)}`,
    ...(side !== undefined && columns.overflows
      ? {
          side: {
            name: side,
            columns: ["pole_uuid", "tag", "name", "value"],
            rows: (r: PoleExportRow) =>
              attributeCells(columns, r).overflow.map(([k, v]) => [r.id, r.tag, k, v]),
          },
        }
      : {}),
  };
}

export function photosTable(ctx: WriterContext): Table<ExportRow> {
  return {
    name: "photos",
    fields: [
      { name: "id", type: "text" },
      { name: "name", type: "text" },
      { name: "date", type: "date" },
      { name: "pole_tag", type: "text" },
      { name: "pole_label", type: "text" },
      { name: "risk", type: "text" },
      { name: "notes", type: "text" },
      { name: "uploaded_by", type: "text" },
      { name: "image_url", type: "text" },
      { name: "heading", type: "real" },
      { name: "pole_condition", type: "text" },
      { name: "pole_condition_source", type: "text" },
    ],
    values: (r) => [
      r.id,
      r.name,
      r.date,
      r.pole_tag,
      r.pole_label,
      r.risk,
      r.notes,
      r.uploaded_by,
      imageUrl(ctx, r),
      r.heading,
      ...poleCondition(r),
    ],
    position: (r) => (r.latitude === null || r.longitude === null ? null : [r.longitude, r.latitude]),
    title: (r) => r.name,
  };
}

/**
 * The findings layer: the work list's columns, named as people name things (the pole's tag, its
 * circuit, the region's name, who made it and who has it), never by internal ids. `today` tells
 * the overdue ones.
 */
export function findingsTable(today: string): Table<FindingExportRow> {
  const columns: [string, FieldType, (r: FindingExportRow) => Value][] = [
    ["pole_tag", "text", (r) => r.pole_tag],
    ["circuit", "text", (r) => r.pole_circuit],
    [
      "region",
      "text",
      (r) => (r.region_number === null ? regionKey(r.region_lon, r.region_lat) : `Region ${r.region_number}`),
    ],
    ["code", "text", (r) => r.code],
    ["level", "integer", (r) => r.level],
    ["observed_on", "date", (r) => r.observed_on],
    ["due_on", "date", (r) => r.due_on],
    ["original_due_on", "date", (r) => r.original_due_on],
    ["extension_reasons", "text", (r) => r.extensions.map((e) => e.reason).join(" | ") || null],
    ["status", "text", (r) => r.status],
    ["overdue", "text", (r) => String(r.status !== "resolved" && r.due_on < today)],
    ["assignee", "text", (r) => r.assignee_email],
    ["work_order", "text", (r) => r.work_order],
    ["last_visit_on", "date", (r) => r.pole_last_visit?.on ?? null],
    ["last_visit_type", "text", (r) => r.pole_last_visit?.type ?? null],
    ["created_by", "text", (r) => r.created_by_email],
    ["resolved_on", "date", (r) => r.resolved_on],
    ["action", "text", (r) => r.action],
    ["notes", "text", (r) => r.notes],
    // What the map shows of the finding's pole, after the work list's own columns.
    ["pole_condition", "text", (r) => r.pole_condition ?? "unrated"],
    ["pole_condition_source", "text", (r) => r.pole_condition_source],
    ["pole_inspection_state", "text", (r) => inspectionState(r.pole_inspection_due_on, today)],
  ];
  return {
    name: "findings",
    fields: columns.map(([name, type]) => ({ name, type })),
    values: (r) => columns.map(([, , value]) => value(r)),
    position: (r) => [r.longitude, r.latitude],
    title: (r) => `${r.pole_tag}: ${r.code}`,
  };
}
