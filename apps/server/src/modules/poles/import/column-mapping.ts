/**
 * Which field each of a register's columns goes to: the request's `mapping` first, then the
 * column's name (column-names.ts), else the pole's loose attributes. Decided on the first row's
 * columns (a CSV's header, a Shapefile's fields, the first feature's properties); a column seen
 * later (a GeoJSON feature's extra property) is decided alone. A field takes one column: a second
 * column of a taken field's name stays an attribute.
 *
 * Column names are the register's text: they are kept in Maps, never as keys of plain objects,
 * where `constructor` or `toString` would find Object's own functions instead of nothing.
 */
import {
  IMPORT_FIELDS,
  poleImportTexts as texts,
  type ImportField,
  type ImportMapping,
} from "@poleatlas/shared";
import { badRequest } from "../../../errors";
import { FIELD_BY_NAME, IDENTIFIER_NAMES, isExportDerived } from "./column-names";

const COORDINATES = new Set<ImportField>(["latitude", "longitude", "x", "y"]);
/** Fields any number of columns may go to. */
const MANY = new Set<ImportField>(["attribute", "ignore"]);

/** Column → field, as the request gave it. */
export type Overrides = ReadonlyMap<string, ImportField>;

const FIELDS: ReadonlySet<string> = new Set(IMPORT_FIELDS);
const isField = (v: unknown): v is ImportField => typeof v === "string" && FIELDS.has(v);

/** The request's `mapping` (JSON text), checked; a 400 says what is wrong. */
export function parseMapping(text: string | undefined): Overrides {
  const overrides = new Map<string, ImportField>();
  if (text === undefined || text.trim() === "") return overrides;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest(texts.badMapping("it is not JSON"), "import_bad_mapping");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw badRequest(texts.badMapping("it is not an object of column names"), "import_bad_mapping");
  const byField = new Map<ImportField, string>();
  // JSON.parse makes every name an own property, "__proto__" too: entries() sees them all.
  for (const [column, field] of Object.entries(json)) {
    if (!isField(field))
      throw badRequest(
        texts.badMapping(`${column}: ${String(field)} is not one of ${IMPORT_FIELDS.join(", ")}`),
        "import_bad_mapping",
      );
    const first = byField.get(field);
    if (first !== undefined && !MANY.has(field))
      throw badRequest(texts.mappingFieldTwice(field, first, column), "import_bad_mapping");
    byField.set(field, column);
    overrides.set(column, field);
  }
  return overrides;
}

export class ColumnMapping {
  private readonly fields = new Map<string, ImportField>();
  private readonly taken = new Set<ImportField>();
  private decided = false;
  /** The file is a PoleAtlas poles export (it has `pole_uuid`): its derived columns are left out. */
  private exported = false;
  /** The identifier column taken as the tag, when the file has no tag column. */
  tagFromIdentifier: string | null = null;

  /**
   * @param geometry the file places its rows by their geometry (GeoJSON, Shapefile): columns of
   * coordinates are attributes there.
   */
  constructor(
    private readonly overrides: Overrides,
    private readonly geometry: boolean,
  ) {}

  /** The field of a column of these (see() first). */
  fieldOf(column: string): ImportField {
    return this.fields.get(column) ?? "attribute";
  }

  /** Each column seen and its field, as used (own properties only, "__proto__" too). */
  used(): ImportMapping {
    return Object.fromEntries(this.fields);
  }

  /** Decides the columns not seen before. */
  see(columns: string[]): void {
    if (this.decided) {
      for (const c of columns) if (!this.fields.has(c)) this.decide(c, this.guess(c));
      return;
    }
    this.decided = true;
    this.exported = columns.some((c) => c.toLowerCase() === "pole_uuid");
    const guessed = new Map(columns.map((c) => [c, this.guess(c)]));
    // The request's choices first, so a guess never takes a field the request gave elsewhere.
    for (const c of columns) {
      const given = this.overrides.get(c);
      if (given !== undefined) this.decide(c, given);
    }
    if (!this.geometry) this.choosePair(columns, guessed);
    for (const c of columns) if (!this.fields.has(c)) this.decide(c, guessed.get(c)!);
    if (!this.taken.has("tag")) {
      const lower = new Map(columns.map((c) => [c.toLowerCase(), c]));
      const id = IDENTIFIER_NAMES.map((n) => lower.get(n)).find(
        (c) => c !== undefined && !this.overrides.has(c),
      );
      if (id !== undefined) {
        this.fields.set(id, "tag");
        this.taken.add("tag");
        this.tagFromIdentifier = id;
      }
    }
  }

  /** The columns that hold a row's position (CSV): [longitude or x, latitude or y]. */
  coordinates(): [string, string] | null {
    let lon: string | undefined;
    let lat: string | undefined;
    for (const [c, f] of this.fields) {
      if (f === "longitude" || f === "x") lon = c;
      if (f === "latitude" || f === "y") lat = c;
    }
    return lon !== undefined && lat !== undefined ? [lon, lat] : null;
  }

  private guess(column: string): ImportField {
    const lower = column.toLowerCase();
    const derived = this.exported && isExportDerived(lower) ? "ignore" : undefined;
    const field = this.overrides.get(column) ?? FIELD_BY_NAME.get(lower) ?? derived ?? "attribute";
    return this.geometry && COORDINATES.has(field) ? "attribute" : field;
  }

  private decide(column: string, field: ImportField): void {
    const free = MANY.has(field) || !this.taken.has(field);
    this.fields.set(column, free ? field : "attribute");
    if (free) this.taken.add(field);
  }

  /**
   * One pair of position columns: the request's, else latitude/longitude, else x/y; other columns
   * named for coordinates stay attributes.
   */
  private choosePair(columns: string[], guessed: Map<string, ImportField>): void {
    const has = (f: ImportField) => this.taken.has(f);
    const given = ["latitude", "longitude", "x", "y"].filter((f) => has(f as ImportField));
    const lonGiven = has("longitude") || has("x");
    const latGiven = has("latitude") || has("y");
    if (lonGiven !== latGiven)
      throw badRequest(
        texts.mappingHalfCoordinates(given[0]!, lonGiven ? "latitude or y" : "longitude or x"),
        "import_bad_mapping",
      );
    if (lonGiven) {
      for (const f of COORDINATES) this.taken.add(f);
      return;
    }
    const first = (f: ImportField) => columns.find((c) => !this.fields.has(c) && guessed.get(c) === f);
    for (const [lonField, latField] of [
      ["longitude", "latitude"],
      ["x", "y"],
    ] as const) {
      const lon = first(lonField);
      const lat = first(latField);
      if (lon !== undefined && lat !== undefined) {
        this.decide(lon, lonField);
        this.decide(lat, latField);
        break;
      }
    }
    for (const f of COORDINATES) this.taken.add(f);
  }
}
