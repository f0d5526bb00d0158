/**
 * What every reader of a register file (CSV, GeoJSON, Shapefile) hands on: one row per record,
 * numbered as the file numbers it (the CSV line, the feature or record index, from 1), with its
 * position in WGS84 degrees as found, and its other columns. A row the reader already knows is
 * bad carries the reason instead.
 */
export type FieldValue = string | number | boolean | null;

/**
 * A row's fields by column name, without a prototype: a column named `__proto__` is a field like
 * any other, and `constructor` or `toString` find nothing but their own value.
 */
export const newFields = (): Record<string, FieldValue> => Object.create(null) as Record<string, FieldValue>;

export type SourceRow =
  | { row: number; lon: unknown; lat: unknown; fields: Record<string, FieldValue> }
  | { row: number; reason: string };

/** The tag column's names in a visit history file, case-insensitive, the first present winning. */
export const TAG_NAMES = ["tag", "pole_id", "pole_number", "id", "asset_id"];

/** The index of the first of `names` among the (lower-cased) header's columns, or -1. */
export function findColumn(header: string[], names: string[]): number {
  for (const name of names) {
    const i = header.indexOf(name);
    if (i >= 0) return i;
  }
  return -1;
}
