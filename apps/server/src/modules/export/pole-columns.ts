/**
 * The poles layer's columns, decided once per export: the fixed ones (EXPORT_POLE_COLUMNS), three
 * per inspection type of the workspace, then one per attribute name. A row's values are laid out
 * by these columns in time linear in its width: its own attributes are placed through a Map from
 * name to column, never found by scanning every name of the workspace for each pole.
 *
 * A typed file has a column limit (a .dbf 255 fields, SQLite 2,000 columns): the names most
 * poles use get columns, and the rest stay with each row as its `overflow` (a GeoPackage's JSON
 * column `attributes`, a Shapefile's side table).
 */
import { EXPORT_POLE_COLUMNS, inspectionState, inspectionTypeColumns } from "@poleatlas/shared";
import type { AttributeName, PlacedPoleRow } from "./pole-rows";

export type Value = string | number | null;

export interface PoleColumns {
  /** The fixed columns and the inspection types', in order. */
  fixed: string[];
  /** The workspace's inspection type codes. */
  types: string[];
  /** The attribute names with a column, in order. */
  attributes: string[];
  /** Column of each attribute name in `attributes`. */
  at: Map<string, number>;
  /** Attribute names whose every value is a number. */
  numeric: Set<string>;
  /** Some names have no column: a row's values of those are its overflow. */
  overflows: boolean;
  /** The column holding the overflow (a GeoPackage's); undefined: none. */
  overflowColumn: string | undefined;
  /** Today (UTC): what the inspection states are counted from. */
  today: string;
}

/** The names that may have a column: none equal (any case) to a fixed column or an earlier name. */
function candidatesOf(names: AttributeName[], fixed: string[]): AttributeName[] {
  const taken = new Set(fixed.map((c) => c.toLowerCase()));
  const candidates: AttributeName[] = [];
  for (const n of names) {
    const lower = n.name.toLowerCase();
    if (taken.has(lower)) continue;
    taken.add(lower);
    candidates.push(n);
  }
  return candidates;
}

/**
 * The columns of an export of these attribute names (sorted) and inspection types. `room`: the
 * most attribute columns the format holds; `overflowColumn`: the name of the column that then
 * holds the rest (no attribute takes that name). A name equal to a fixed column (any case) or to
 * an earlier name but for its case has no column of its own; in a file without a limit it is
 * left out, as before.
 */
export function poleColumns(
  names: AttributeName[],
  types: string[],
  today: string,
  room = Number.POSITIVE_INFINITY,
  overflowColumn?: string,
): PoleColumns {
  const fixed = [...EXPORT_POLE_COLUMNS, ...types.flatMap((code) => inspectionTypeColumns(code))];
  let candidates = candidatesOf(names, fixed);
  if (candidates.length > room && overflowColumn !== undefined)
    candidates = candidatesOf(names, [...fixed, overflowColumn]);
  let chosen = candidates;
  if (candidates.length > room) {
    // The names most poles use keep their columns; ties by name, so the choice is stable.
    const keep = new Set(
      [...candidates]
        .sort((a, b) => b.poles - a.poles || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .slice(0, Math.max(0, room))
        .map((n) => n.name),
    );
    chosen = candidates.filter((n) => keep.has(n.name));
  }
  const attributes = chosen.map((n) => n.name);
  return {
    fixed,
    types,
    attributes,
    at: new Map(attributes.map((name, i) => [name, i])),
    numeric: new Set(chosen.filter((n) => n.numeric).map((n) => n.name)),
    overflows: chosen.length < candidates.length,
    overflowColumn: chosen.length < candidates.length ? overflowColumn : undefined,
    today,
  };
}

/** The fixed columns' values of a row, in `columns.fixed` order. */
export function fixedValues(columns: PoleColumns, r: PlacedPoleRow): Value[] {
  const values: Value[] = [
    r.id,
    r.tag,
    r.label,
    r.latitude,
    r.longitude,
    r.material,
    r.height_m,
    r.class,
    r.installed_year,
    r.circuit,
    r.source,
    r.position_source,
    r.risk,
    r.photo_count,
    r.last_photo_date,
    r.last_visit_on,
    r.inspection_due_on,
    r.lean_deg,
    r.lean_toward_deg,
    r.lean_apparent,
    r.lean_measured_at,
    r.condition ?? "unrated",
    r.condition_source,
    inspectionState(r.inspection_due_on, columns.today),
  ];
  for (const code of columns.types) {
    const visit = r.type_visits?.find((v) => v[0] === code);
    values.push(visit?.[1] ?? null, visit?.[2] ?? null, inspectionState(visit?.[2] ?? null, columns.today));
  }
  return values;
}

/**
 * The row's attributes that have a column, as [column, value] in column order, and those that
 * have none (its overflow). Linear in the row's own attributes.
 */
export function attributeCells(
  columns: PoleColumns,
  r: Pick<PlacedPoleRow, "attributes">,
): { cells: [number, string | number][]; overflow: [string, string | number][] } {
  const cells: [number, string | number][] = [];
  const overflow: [string, string | number][] = [];
  for (const [name, value] of r.attributes) {
    const i = columns.at.get(name);
    if (i !== undefined) cells.push([i, value]);
    else if (columns.overflows) overflow.push([name, value]);
  }
  cells.sort((a, b) => a[0] - b[0]);
  return { cells, overflow };
}
