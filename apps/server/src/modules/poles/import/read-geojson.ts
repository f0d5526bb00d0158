/**
 * A GeoJSON register (RFC 7946: a FeatureCollection of Points in WGS84), read twice from disk a
 * chunk at a time: first its skeleton (a FeatureCollection, closed, nothing nested too deeply), so
 * a broken file is refused before a row is written, then feature by feature, each parsed alone.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { poleImportTexts as texts } from "@poleatlas/shared";
import { AppError, badRequest } from "../../../errors";
import { GeoJsonError, GeoJsonMembers, type GeoJsonPart } from "./geojson-members";
import { newFields, type SourceRow } from "./source-row";

const CHUNK_BYTES = 64 * 1024;

const unreadable = () => badRequest(texts.geojsonUnreadable, "import_unreadable");

/** The document's parts in file order; a broken skeleton is a 400 saying what is wrong. */
async function* partsOf(file: string): AsyncGenerator<GeoJsonPart, GeoJsonMembers> {
  const members = new GeoJsonMembers();
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES }))
      yield* members.feed(chunk as Buffer);
    yield* members.end();
  } catch (err) {
    if (err instanceof GeoJsonError) throw badRequest(err.message, err.code);
    throw err;
  }
  return members;
}

/**
 * The first reading: the whole file is a FeatureCollection with one list of features. Answers its
 * `crs` member's name (the 2008 GeoJSON's way of naming another system), or null.
 */
async function checkSkeleton(file: string): Promise<string | null> {
  let type: unknown;
  let crs: string | null = null;
  let members: GeoJsonMembers;
  const parts = partsOf(file);
  for (;;) {
    const next = await parts.next();
    if (next.done) {
      members = next.value;
      break;
    }
    const part = next.value;
    if ("feature" in part) continue;
    if (part.member === "features") throw unreadable();
    if (part.member === "type" || part.member === "crs") {
      let value: unknown;
      try {
        value = JSON.parse(part.value.toString("utf8"));
      } catch {
        throw unreadable();
      }
      if (part.member === "type") type = value;
      else crs = crsName(value);
    }
  }
  if (type !== "FeatureCollection" || members.featureArrays !== 1) throw unreadable();
  return crs;
}

/** A named `crs` member's name ({"type": "name", "properties": {"name": …}}); else null. */
function crsName(member: unknown): string | null {
  const name = (member as { properties?: { name?: unknown } } | null)?.properties?.name;
  return typeof name === "string" ? name : null;
}

/** With the `u` flag a pair is one code point: only half a pair matches. */
const wellFormed = (s: string) => s.replace(/\p{Cs}/gu, "\uFFFD");

/** One feature's bytes as a row. */
function rowOf(row: number, bytes: Buffer): SourceRow {
  let feature: unknown;
  try {
    feature = JSON.parse(bytes.toString("utf8"));
  } catch {
    return { row, reason: texts.featureNotJson };
  }
  if (typeof feature !== "object" || feature === null || Array.isArray(feature))
    return { row, reason: texts.notAFeature };
  const { geometry, properties } = feature as { geometry?: unknown; properties?: unknown };
  if (
    properties !== undefined &&
    properties !== null &&
    (typeof properties !== "object" || Array.isArray(properties))
  )
    return { row, reason: texts.propertiesNotAnObject };
  if (typeof geometry !== "object" || geometry === null) return { row, reason: texts.noCoordinates };
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (type !== "Point") return { row, reason: texts.notAPoint(String(type)) };
  const [lon, lat] = Array.isArray(coordinates) ? (coordinates as unknown[]) : [];
  const fields = newFields();
  // JSON's \ud800 escapes can make half a surrogate pair, which PostgreSQL cannot store: it reads
  // as U+FFFD, as a CSV's broken UTF-8 does.
  for (const [k, v] of Object.entries((properties ?? {}) as Record<string, unknown>)) {
    fields[wellFormed(k)] =
      typeof v === "string"
        ? wellFormed(v)
        : typeof v === "number" || typeof v === "boolean" || v === null
          ? v
          : JSON.stringify(v);
  }
  return { row, lon, lat, fields };
}

/** `onCrs` hears the file's `crs` member name (null: none) before the first row. */
export async function* readGeoJson(
  file: string,
  maxBytes: number,
  onCrs: (name: string | null) => void,
): AsyncGenerator<SourceRow> {
  if ((await stat(file)).size > maxBytes)
    throw new AppError(413, "file_too_large", texts.geojsonTooLarge(Math.round(maxBytes / 1048576)));
  onCrs(await checkSkeleton(file));
  let row = 0;
  for await (const part of partsOf(file)) {
    if (!("feature" in part)) continue;
    row += 1;
    yield rowOf(row, part.feature);
  }
}
