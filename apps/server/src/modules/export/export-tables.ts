/**
 * Each layer as a table of typed columns and one position per row: what the typed formats
 * (Shapefile, GeoPackage) write, and the findings layer's text formats. Poles and findings are
 * named by the pole's tag (then its label), the name the utility knows them by, not by ids.
 */
import { EXPORT_POLE_COLUMNS, regionKey } from "@poleatlas/shared";
import type { ExportRow, FindingExportRow, PoleExportRow } from "./export.repository";
import { imageUrl, type WriterContext } from "./export-writers";

export type FieldType = "text" | "integer" | "real" | "date";
export interface TableField {
  name: string;
  type: FieldType;
}
export type Value = string | number | null;

export interface Table<R> {
  /** The GeoPackage table and the Shapefile's base name. */
  name: string;
  fields: TableField[];
  values(r: R): Value[];
  /** WGS 84 [longitude, latitude]; null: no position (an unplaced photo). */
  position(r: R): [number, number] | null;
  /** What a KML placemark of the row is called. */
  title(r: R): string;
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

/** The poles layer; `extra` are the attribute columns, `numeric` those holding only numbers. */
export function polesTable(extra: string[], numeric: Set<string>): Table<PoleExportRow> {
  const fixed = EXPORT_POLE_COLUMNS.filter((c) => c !== "latitude" && c !== "longitude");
  return {
    name: "poles",
    fields: [
      ...fixed.map((name) => ({ name, type: POLE_TYPES[name] ?? "text" })),
      ...extra.map((name) => ({ name, type: numeric.has(name) ? ("real" as const) : ("text" as const) })),
    ],
    values: (r) => [
      ...fixed.map((c) => r[c === "pole_uuid" ? "id" : c]),
      ...extra.map((n) => {
        const v = r.attributes[n];
        return v === undefined ? null : numeric.has(n) ? v : String(v);
      }),
    ],
    position: (r) => [r.longitude, r.latitude],
    title: (r) => r.tag || r.label || `Pole ${r.id.slice(0, 8)}`,
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
  ];
  return {
    name: "findings",
    fields: columns.map(([name, type]) => ({ name, type })),
    values: (r) => columns.map(([, , value]) => value(r)),
    position: (r) => [r.longitude, r.latitude],
    title: (r) => `${r.pole_tag}: ${r.code}`,
  };
}
