/**
 * A GPS track from a file: GPX 1.0 or 1.1 (track, route and waypoint points that carry a <time>),
 * or a GeoJSON LineString / MultiLineString (bare, as a Feature or in a FeatureCollection) with
 * its per-point times in `properties.coordTimes` or `properties.times` (ISO 8601, one per
 * position, nested like the coordinates: what togeojson and most exports write).
 *
 * The points come back in time order with one point per instant; a later point at the same
 * instant replaces the earlier one, as exiftool's -geotag does.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { MAX_TRACK_POINTS, trackTexts } from "@poleatlas/shared";
import { badRequest } from "../../errors";

/** [ms since 1970, latitude, longitude] */
export type TrackPoint = [number, number, number];

export interface ReadTrack {
  name: string | null;
  points: TrackPoint[];
}

const GPX_LISTS = new Set(["trk", "trkseg", "trkpt", "rte", "rtept", "wpt"]);

export function readTrack(bytes: Buffer): ReadTrack {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const first = text.trimStart()[0];
  let read: { name: string | null; points: Array<TrackPoint | null>; positions: number };
  if (first === "<") read = readGpx(text);
  else if (first === "{") read = readGeoJson(text);
  else throw badRequest(trackTexts.unknownFormat, "invalid_track");
  if (read.positions === 0) throw badRequest(trackTexts.noPoints, "track_without_points");
  const timed = read.points.filter((p): p is TrackPoint => p !== null);
  if (timed.length === 0) throw badRequest(trackTexts.noTimes, "track_without_times");
  if (timed.length > MAX_TRACK_POINTS)
    throw badRequest(trackTexts.tooManyPoints(MAX_TRACK_POINTS), "track_too_large");
  return { name: read.name, points: oneAnInstant(timed) };
}

/** Time order; of points at one instant the last in the file stays. */
export function oneAnInstant(points: TrackPoint[]): TrackPoint[] {
  const byTime = new Map<number, TrackPoint>();
  for (const p of points) byTime.set(p[0], p);
  return [...byTime.values()].sort((a, b) => a[0] - b[0]);
}

function point(time: unknown, lat: unknown, lon: unknown): TrackPoint | null {
  const latitude = Number(lat);
  const longitude = Number(lon);
  if (typeof time !== "string" || time.trim() === "") return null;
  if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) return null;
  if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) return null;
  const text = time.trim();
  // GPX times are UTC; one written without a zone is read as UTC too.
  const ms = Date.parse(/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`);
  return Number.isFinite(ms) ? [ms, latitude, longitude] : null;
}

const asText = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

function readGpx(text: string) {
  if (XMLValidator.validate(text) !== true) throw badRequest(trackTexts.notXml, "invalid_track");
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => GPX_LISTS.has(name),
  });
  const doc = parser.parse(text) as { gpx?: Gpx };
  const gpx = doc.gpx;
  if (!gpx || typeof gpx !== "object") throw badRequest(trackTexts.notGpx, "invalid_track");
  const raw: GpxPoint[] = [
    ...(gpx.trk ?? []).flatMap((t) => (t.trkseg ?? []).flatMap((s) => s.trkpt ?? [])),
    ...(gpx.rte ?? []).flatMap((r) => r.rtept ?? []),
    ...(gpx.wpt ?? []),
  ].filter((p) => typeof p === "object" && p !== null);
  const name = asText(gpx.trk?.[0]?.name) ?? asText(gpx.metadata?.name) ?? asText(gpx.rte?.[0]?.name);
  return { name, points: raw.map((p) => point(p.time, p.lat, p.lon)), positions: raw.length };
}

interface GpxPoint {
  lat?: string;
  lon?: string;
  time?: unknown;
}
interface Gpx {
  metadata?: { name?: unknown };
  trk?: { name?: unknown; trkseg?: { trkpt?: GpxPoint[] }[] }[];
  rte?: { name?: unknown; rtept?: GpxPoint[] }[];
  wpt?: GpxPoint[];
}

interface Geometry {
  type?: unknown;
  coordinates?: unknown;
}
interface Feature {
  type?: unknown;
  geometry?: Geometry | null;
  properties?: Record<string, unknown> | null;
}

function readGeoJson(text: string) {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw badRequest(trackTexts.geojsonUnreadable, "invalid_track");
  }
  const features = asFeatures(doc);
  const lines: { coords: unknown[]; times: unknown[] }[] = [];
  let name: string | null = null;
  for (const f of features) {
    const g = f.geometry;
    const props = f.properties ?? {};
    const times = props.coordTimes ?? props.times;
    name ??= asText(props.name);
    if (g?.type === "LineString" && Array.isArray(g.coordinates)) {
      lines.push({ coords: g.coordinates, times: Array.isArray(times) ? times : [] });
    } else if (g?.type === "MultiLineString" && Array.isArray(g.coordinates)) {
      g.coordinates.forEach((line, i) => {
        const lineTimes: unknown = Array.isArray(times) ? times[i] : undefined;
        if (Array.isArray(line))
          lines.push({ coords: line, times: Array.isArray(lineTimes) ? lineTimes : [] });
      });
    }
  }
  if (lines.length === 0) throw badRequest(trackTexts.geojsonUnreadable, "invalid_track");
  const points = lines.flatMap(({ coords, times }) =>
    coords.map((c, i) => (Array.isArray(c) ? point(times[i], c[1], c[0]) : null)),
  );
  return { name, points, positions: points.length };
}

function asFeatures(doc: unknown): Feature[] {
  if (typeof doc !== "object" || doc === null) return [];
  const d = doc as Feature & { features?: unknown };
  if (d.type === "FeatureCollection" && Array.isArray(d.features)) {
    return d.features.filter((f): f is Feature => typeof f === "object" && f !== null);
  }
  if (d.type === "Feature") return [d];
  if (d.type === "LineString" || d.type === "MultiLineString") return [{ geometry: d }];
  return [];
}
