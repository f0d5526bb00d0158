/**
 * One register row checked and turned into a pole's fields, or the reason it is refused, in the
 * words poleImportTexts gives. Each column goes where the import's column mapping says; the
 * columns an export of the poles layer adds (risk, photo counts) are left out; the last
 * inspection (its day and type) becomes a visit; every other column is kept in `attributes`.
 */
import {
  MAX_ATTRIBUTE_NAME_LENGTH,
  MAX_ATTRIBUTE_VALUE_LENGTH,
  MAX_ATTRIBUTES_BYTES,
  MAX_POLE_ATTRIBUTES,
  MAX_CIRCUIT_LENGTH,
  MAX_CLASS_LENGTH,
  MAX_HEIGHT_M,
  MAX_TAG_LENGTH,
  MIN_HEIGHT_M,
  MIN_INSTALLED_YEAR,
  MAX_POLE_LABEL_LENGTH,
  negligibleAsZero,
  PLAIN_DECIMAL,
  POLE_MATERIALS,
  maxInstalledYear,
  isCalendarDay,
  poleImportTexts as texts,
  safeLabel,
  visitTexts,
  type PoleAttributes,
  type PoleMaterial,
} from "@poleatlas/shared";
import type { ColumnMapping } from "./column-mapping";
import type { ToWgs84 } from "./coordinate-systems";
import { heightInMetres } from "./lengths";
import type { FieldValue, SourceRow } from "./source-row";

export interface PoleInput {
  row: number;
  tag: string | null;
  /** undefined: the file has no label column, so a pole's label stays as it is. */
  label: string | undefined;
  latitude: number;
  longitude: number;
  material: PoleMaterial | null;
  height_m: number | null;
  class: string | null;
  installed_year: number | null;
  circuit: string | null;
  attributes: PoleAttributes;
  /** The register's last inspection of the pole, recorded as an imported visit. */
  visit: { type: string; inspectedOn: string } | null;
  /** Which register fields the row has a column for (FIELD_BITS): the others stay as stored. */
  present: number;
  /** Attributes whose column the row has with an empty cell: removed from the pole. */
  emptied: string[] | null;
}

/** A register field's bit in PoleInput.present. */
export const FIELD_BITS = { material: 1, height_m: 2, class: 4, installed_year: 8, circuit: 16 } as const;
export type RegisterField = keyof typeof FIELD_BITS;
export const REGISTER_FIELDS = Object.keys(FIELD_BITS) as RegisterField[];

const text = (v: FieldValue | undefined) => (v === null || v === undefined ? "" : String(v).trim());

function number(column: string, v: FieldValue | undefined): number | null | string {
  const t = text(v);
  if (t === "") return null;
  if (typeof v !== "number" && !PLAIN_DECIMAL.test(t)) return texts.notANumber(column, t);
  const n = typeof v === "number" ? v : Number(t);
  return Number.isFinite(n) ? n : texts.notANumber(column, t);
}

/**
 * Out of range as degrees, and in metres or feet by its size: a typo (latitude 91) is not taken
 * for a projected position.
 */
const METRE_SCALE = 1000;
const looksProjected = (x: number, y: number) =>
  (Math.abs(y) > 90 || Math.abs(x) > 180) && Math.max(Math.abs(x), Math.abs(y)) >= METRE_SCALE;

/** The one name no attribute may have (see poleImportTexts.reservedName). */
export const RESERVED_NAME = "__proto__";

/**
 * Why an attribute cannot join the row's others, by the limits the pole record saves with
 * (poleAttributesPatchSchema): an import must not store what the record could not save back.
 */
function attributeProblem(attributes: PoleAttributes, key: string, value: string | number): string | null {
  // JSON bodies may not carry it (the server refuses them), so the record could never be saved.
  if (key === RESERVED_NAME) return texts.reservedName(key);
  if (key === "") return texts.unnamedColumn;
  if (key.length > MAX_ATTRIBUTE_NAME_LENGTH)
    return texts.attributeNameTooLong(key, MAX_ATTRIBUTE_NAME_LENGTH);
  if (typeof value === "string" && value.length > MAX_ATTRIBUTE_VALUE_LENGTH)
    return texts.attributeValueTooLong(key, MAX_ATTRIBUTE_VALUE_LENGTH);
  let count = 1;
  const lower = key.toLowerCase();
  for (const other in attributes) {
    if (other.toLowerCase() === lower) return texts.attributeTwiceByCase(other, key);
    count += 1;
  }
  return count > MAX_POLE_ATTRIBUTES ? texts.tooManyAttributes(count, MAX_POLE_ATTRIBUTES) : null;
}

/** Fields kept among the attributes under the column's own name. */
const COLUMN_KEPT = new Set(["attribute", "latitude", "longitude", "x", "y"]);

/** What a last inspection is checked against: the workspace's type codes and today. */
export interface VisitRules {
  types: readonly string[];
  today: string;
}

/** The last inspection's day and type, checked against today and the workspace's type codes. */
function checkVisit(day: string, type: string, { types, today }: VisitRules): PoleInput["visit"] | string {
  if (day === "" && type === "") return null;
  if (day === "") return visitTexts.importNoDay;
  if (!isCalendarDay(day)) return visitTexts.importBadDay(day);
  if (day > today) return visitTexts.futureDate;
  if (!types.includes(type)) return visitTexts.importUnknownType(type, types);
  return { type, inspectedOn: day };
}

/** How a file's rows are read: its column mapping and the system its positions are in. */
export interface RowContext {
  mapping: ColumnMapping;
  /** From the file's system to WGS 84; null: the positions are WGS 84 already. */
  toWgs84: ToWgs84 | null;
  /** No system was given where one could be: out-of-range positions look projected. */
  askCrs: boolean;
}

/** A row whose position looks projected while no system was given: its raw x and y. */
export type Checked = { ok: PoleInput } | { reason: string; projected?: [number, number] };

export function checkRow(
  source: SourceRow,
  context: RowContext,
  now = new Date(),
  visits: VisitRules = { types: [], today: now.toISOString().slice(0, 10) },
): Checked {
  if ("reason" in source) return { reason: source.reason };
  const { row, fields } = source;
  const { mapping } = context;
  const latText = text(source.lat as FieldValue);
  const lonText = text(source.lon as FieldValue);
  if (latText === "" || lonText === "") return { reason: texts.noCoordinates };
  let latitude = number("latitude", source.lat as FieldValue);
  let longitude = number("longitude", source.lon as FieldValue);
  if (typeof latitude === "string") return { reason: latitude };
  if (typeof longitude === "string") return { reason: longitude };
  if (latitude === null || longitude === null) return { reason: texts.noCoordinates };
  if (context.toWgs84) {
    const [x, y] = [longitude, latitude];
    [longitude, latitude] = context.toWgs84([x, y]);
    if (!Number.isFinite(longitude) || !Number.isFinite(latitude))
      return { reason: texts.notProjectable(x, y) };
  } else if (context.askCrs && looksProjected(longitude, latitude))
    return { reason: texts.looksProjected, projected: [longitude, latitude] };
  if (Math.abs(latitude) > 90) return { reason: texts.latitudeOutOfRange(latitude) };
  if (Math.abs(longitude) > 180) return { reason: texts.longitudeOutOfRange(longitude) };

  const input: PoleInput = {
    row,
    tag: null,
    label: undefined,
    // As every route reads a position.
    latitude: negligibleAsZero(latitude),
    longitude: negligibleAsZero(longitude),
    material: null,
    height_m: null,
    class: null,
    installed_year: null,
    circuit: null,
    // No prototype: a column named `constructor` is an attribute, not Object's function.
    attributes: Object.create(null) as PoleAttributes,
    visit: null,
    present: 0,
    emptied: null,
  };
  let visitDay = "";
  let visitType = "";
  for (const [name, value] of Object.entries(fields)) {
    const field = mapping.fieldOf(name);
    if (field === "ignore") continue;
    if (field === "last_inspected_on") {
      visitDay = text(value);
      continue;
    }
    if (field === "last_inspection_type") {
      visitType = text(value).toLowerCase();
      continue;
    }
    if (field === "tag") {
      const tag = safeLabel(text(value));
      if (tag.length > MAX_TAG_LENGTH) return { reason: texts.tooLong("tag", MAX_TAG_LENGTH) };
      input.tag = tag === "" ? null : tag;
      continue;
    }
    // A position column the row was not placed by: kept as it was.
    // The owner is an attribute named "owner", whatever the register calls its column.
    const key =
      field === "owner" && name.toLowerCase() !== "owner"
        ? "owner"
        : field === "owner" || COLUMN_KEPT.has(field)
          ? safeLabel(name)
          : null;
    if (key !== null) {
      // A GeoJSON number past a double's range reads as Infinity, which JSON would store as null.
      if (typeof value === "number" && !Number.isFinite(value))
        return { reason: texts.notANumber(name, String(value)) };
      // The name is cleaned as the value is: PostgreSQL stores no NUL in a JSON key either.
      if (value !== null && text(value) !== "") {
        const kept = typeof value === "number" ? value : safeLabel(String(value));
        const refused = attributeProblem(input.attributes, key, kept);
        if (refused !== null) return { reason: refused };
        input.attributes[key] = kept;
      } else (input.emptied ??= []).push(key);
      continue;
    }
    const t = text(value);
    switch (field) {
      case "label":
        if (t.length > MAX_POLE_LABEL_LENGTH)
          return { reason: texts.tooLong("label", MAX_POLE_LABEL_LENGTH) };
        input.label = safeLabel(t);
        break;
      case "material": {
        const m = t.toLowerCase();
        input.present |= FIELD_BITS.material;
        if (m === "") break;
        // The list's own string: the row's copy would stay with the batch until it is written.
        const material = POLE_MATERIALS.find((known) => known === m);
        if (material === undefined) return { reason: texts.badMaterial(t, POLE_MATERIALS) };
        input.material = material;
        break;
      }
      case "height_m":
      case "height_ft": {
        const h = heightInMetres(field, value, field === "height_ft" ? "ft" : "m");
        if (typeof h === "string") return { reason: h };
        if (h !== null && (h < MIN_HEIGHT_M || h > MAX_HEIGHT_M))
          return { reason: texts.outOfRange("height_m", t, MIN_HEIGHT_M, MAX_HEIGHT_M) };
        input.height_m = h;
        input.present |= FIELD_BITS.height_m;
        break;
      }
      case "installed_year": {
        const y = number("installed_year", value);
        if (typeof y === "string") return { reason: y };
        const max = maxInstalledYear(now);
        if (y !== null && (!Number.isInteger(y) || y < MIN_INSTALLED_YEAR || y > max))
          return { reason: texts.outOfRange("installed_year", t, MIN_INSTALLED_YEAR, max) };
        input.installed_year = y;
        input.present |= FIELD_BITS.installed_year;
        break;
      }
      case "class":
        if (t.length > MAX_CLASS_LENGTH) return { reason: texts.tooLong("class", MAX_CLASS_LENGTH) };
        input.class = t === "" ? null : safeLabel(t);
        input.present |= FIELD_BITS.class;
        break;
      case "circuit":
        if (t.length > MAX_CIRCUIT_LENGTH) return { reason: texts.tooLong("circuit", MAX_CIRCUIT_LENGTH) };
        input.circuit = t === "" ? null : safeLabel(t);
        input.present |= FIELD_BITS.circuit;
        break;
    }
  }
  if (Buffer.byteLength(JSON.stringify(input.attributes)) > MAX_ATTRIBUTES_BYTES)
    return { reason: texts.attributesTooLarge };
  const visit = checkVisit(visitDay, visitType, visits);
  if (typeof visit === "string") return { reason: visit };
  if (visit && input.tag === null) return { reason: visitTexts.importNeedsTag };
  input.visit = visit;
  return { ok: input };
}
