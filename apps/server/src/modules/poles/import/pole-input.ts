/**
 * One register row checked and turned into a pole's fields, or the reason it is refused, in the
 * words poleImportTexts gives. The register's known columns are found by name (any case, a few
 * usual synonyms); the columns an export of the poles layer adds (risk, photo counts) are left
 * out; the last inspection (its day and type) becomes a visit; every other column is kept in
 * `attributes`.
 */
import {
  MAX_ATTRIBUTES_BYTES,
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
import { TAG_NAMES, type FieldValue, type SourceRow } from "./source-row";

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
}

/** The last inspection's columns: its day and its type (one of the workspace's codes). */
const VISIT_DAY = new Set([
  "last_inspected_on",
  "last_inspection",
  "last_inspection_date",
  "inspected_on",
  "inspection_date",
]);
const VISIT_TYPE = new Set(["last_inspection_type", "inspection_type"]);

const KNOWN: Record<string, keyof PoleInput> = {
  label: "label",
  material: "material",
  height_m: "height_m",
  height: "height_m",
  class: "class",
  pole_class: "class",
  installed_year: "installed_year",
  year_installed: "installed_year",
  year: "installed_year",
  circuit: "circuit",
  feeder: "circuit",
};
/** What an export of the poles layer adds about photos and ratings: not the register's. */
const DERIVED = new Set([
  "risk",
  "photo_count",
  "last_photo_date",
  "last_visit_on",
  "inspection_due_on",
  "source",
  "pole_uuid",
]);

const text = (v: FieldValue | undefined) => (v === null || v === undefined ? "" : String(v).trim());

function number(column: string, v: FieldValue | undefined): number | null | string {
  const t = text(v);
  if (t === "") return null;
  if (typeof v !== "number" && !PLAIN_DECIMAL.test(t)) return texts.notANumber(column, t);
  const n = typeof v === "number" ? v : Number(t);
  return Number.isFinite(n) ? n : texts.notANumber(column, t);
}

type Checked = { ok: PoleInput } | { reason: string };

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

export function checkRow(
  source: SourceRow,
  now = new Date(),
  visits: VisitRules = { types: [], today: now.toISOString().slice(0, 10) },
): Checked {
  if ("reason" in source) return { reason: source.reason };
  const { row, fields } = source;
  const latText = text(source.lat as FieldValue);
  const lonText = text(source.lon as FieldValue);
  if (latText === "" || lonText === "") return { reason: texts.noCoordinates };
  const latitude = number("latitude", source.lat as FieldValue);
  const longitude = number("longitude", source.lon as FieldValue);
  if (typeof latitude === "string") return { reason: latitude };
  if (typeof longitude === "string") return { reason: longitude };
  if (latitude === null || longitude === null) return { reason: texts.noCoordinates };
  if (Math.abs(latitude) > 90) return { reason: texts.latitudeOutOfRange(latitude) };
  if (Math.abs(longitude) > 180) return { reason: texts.longitudeOutOfRange(longitude) };

  const byName = new Map<string, string>();
  for (const name of Object.keys(fields)) byName.set(name.toLowerCase(), name);
  const tagColumn = TAG_NAMES.map((n) => byName.get(n)).find((n) => n !== undefined);
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
    attributes: {},
    visit: null,
  };
  let visitDay = "";
  let visitType = "";
  for (const [name, value] of Object.entries(fields)) {
    const lower = name.toLowerCase();
    if (VISIT_DAY.has(lower)) {
      visitDay = text(value);
      continue;
    }
    if (VISIT_TYPE.has(lower)) {
      visitType = text(value).toLowerCase();
      continue;
    }
    if (name === tagColumn) {
      const tag = safeLabel(text(value));
      if (tag.length > MAX_TAG_LENGTH) return { reason: texts.tooLong("tag", MAX_TAG_LENGTH) };
      input.tag = tag === "" ? null : tag;
      continue;
    }
    if (DERIVED.has(lower)) continue;
    const known = KNOWN[lower];
    if (known === undefined) {
      // A GeoJSON number past a double's range reads as Infinity, which JSON would store as null.
      if (typeof value === "number" && !Number.isFinite(value))
        return { reason: texts.notANumber(name, String(value)) };
      // The name is cleaned as the value is: PostgreSQL stores no NUL in a JSON key either.
      if (value !== null && text(value) !== "")
        input.attributes[safeLabel(name)] = typeof value === "number" ? value : safeLabel(String(value));
      continue;
    }
    const t = text(value);
    switch (known) {
      case "label":
        if (t.length > MAX_POLE_LABEL_LENGTH)
          return { reason: texts.tooLong("label", MAX_POLE_LABEL_LENGTH) };
        input.label = safeLabel(t);
        break;
      case "material": {
        const m = t.toLowerCase();
        if (m === "") break;
        // The list's own string: the row's copy would stay with the batch until it is written.
        const material = POLE_MATERIALS.find((known) => known === m);
        if (material === undefined) return { reason: texts.badMaterial(t, POLE_MATERIALS) };
        input.material = material;
        break;
      }
      case "height_m": {
        const h = number("height_m", value);
        if (typeof h === "string") return { reason: h };
        if (h !== null && (h < MIN_HEIGHT_M || h > MAX_HEIGHT_M))
          return { reason: texts.outOfRange("height_m", t, MIN_HEIGHT_M, MAX_HEIGHT_M) };
        input.height_m = h;
        break;
      }
      case "installed_year": {
        const y = number("installed_year", value);
        if (typeof y === "string") return { reason: y };
        const max = maxInstalledYear(now);
        if (y !== null && (!Number.isInteger(y) || y < MIN_INSTALLED_YEAR || y > max))
          return { reason: texts.outOfRange("installed_year", t, MIN_INSTALLED_YEAR, max) };
        input.installed_year = y;
        break;
      }
      case "class":
        if (t.length > MAX_CLASS_LENGTH) return { reason: texts.tooLong("class", MAX_CLASS_LENGTH) };
        input.class = t === "" ? null : safeLabel(t);
        break;
      case "circuit":
        if (t.length > MAX_CIRCUIT_LENGTH) return { reason: texts.tooLong("circuit", MAX_CIRCUIT_LENGTH) };
        input.circuit = t === "" ? null : safeLabel(t);
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
