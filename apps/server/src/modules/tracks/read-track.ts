/**
 * A GPS track from a file: GPX 1.0 or 1.1 (track, route and waypoint points that carry a <time>),
 * or a GeoJSON LineString / MultiLineString (bare, as a Feature or in a FeatureCollection) with
 * its per-point times in `properties.coordTimes` or `properties.times` (ISO 8601, one per
 * position, nested like the coordinates: what togeojson and most exports write).
 *
 * A GPX is read as it streams (gpx-points.ts), a slice at a time with the event loop free in
 * between, and at most `maxPoints` points; a GeoJSON is parsed whole (a day at one point a second
 * is ~10 MB), its points then read in slices of time, as the order of the points is checked.
 *
 * The points come back in time order with one point per instant; a later point at the same
 * instant replaces the earlier one, as exiftool's -geotag does.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { MAX_TRACK_POINTS, negligibleAsZero, PLAIN_DECIMAL, trackTexts } from "@poleatlas/shared";
import { badRequest } from "../../errors";
import { timeSlices } from "../../infra/limits/time-slices";
import { GpxError, GpxPoints } from "./gpx-points";

/** [ms since 1970, latitude, longitude] */
export type TrackPoint = [number, number, number];

export interface ReadTrack {
  name: string | null;
  points: TrackPoint[];
}

/** What the GPX reader takes between two turns of the event loop. */
const SLICE_BYTES = 64 * 1024;

/** The track in a file's bytes as they arrive. */
export async function readTrackStream(
  input: AsyncIterable<Buffer>,
  maxPoints = MAX_TRACK_POINTS,
): Promise<ReadTrack> {
  const chunks = input[Symbol.asyncIterator]();
  let head = Buffer.alloc(0);
  let first: string | undefined;
  while (first === undefined) {
    const next = await chunks.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
    first = /[^\s\uFEFF]/.exec(head.toString("utf8", 0, Math.min(head.length, 4096)))?.[0];
    if (first === undefined && head.length > 4096) break;
  }
  const rest = (async function* () {
    yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  })();
  let read: { name: string | null; points: Array<TrackPoint | null>; positions: number };
  if (first === "<") read = await readGpx(rest, maxPoints);
  else if (first === "{") {
    const parts: Buffer[] = [];
    for await (const chunk of rest) parts.push(chunk);
    read = await readGeoJson(
      Buffer.concat(parts)
        .toString("utf8")
        .replace(/^\uFEFF/, ""),
    );
  } else throw badRequest(trackTexts.unknownFormat, "invalid_track");
  if (read.positions === 0) throw badRequest(trackTexts.noPoints, "track_without_points");
  const timed = read.points.filter((p): p is TrackPoint => p !== null);
  if (timed.length === 0) throw badRequest(trackTexts.noTimes, "track_without_times");
  if (timed.length > maxPoints) throw badRequest(trackTexts.tooManyPoints(maxPoints), "track_too_large");
  return { name: read.name, points: await oneAnInstantInSlices(timed) };
}

/** Time order; of points at one instant the last in the file stays. */
export function oneAnInstant(points: TrackPoint[]): TrackPoint[] {
  const byTime = new Map<number, TrackPoint>();
  for (const p of points) byTime.set(p[0], p);
  return [...byTime.values()].sort((a, b) => a[0] - b[0]);
}

/**
 * oneAnInstant for a track already in time order (what loggers write), in slices of time: a
 * week's 604,800 points went through a Map and a sort in one go. A track out of order is sorted
 * as before.
 */
async function oneAnInstantInSlices(points: TrackPoint[]): Promise<TrackPoint[]> {
  const slices = timeSlices();
  const out: TrackPoint[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (last && p[0] < last[0]) return oneAnInstant(points);
    if (last && p[0] === last[0]) out[out.length - 1] = p;
    else out.push(p);
    if (slices.due()) await slices.turn();
  }
  return out;
}

/** GPX writes xsd:decimal. */
const coordinate = (v: unknown) =>
  typeof v === "number" || (typeof v === "string" && PLAIN_DECIMAL.test(v.trim())) ? Number(v) : NaN;

function point(time: unknown, lat: unknown, lon: unknown): TrackPoint | null {
  const latitude = coordinate(lat);
  const longitude = coordinate(lon);
  if (typeof time !== "string" || time.trim() === "") return null;
  if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) return null;
  if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) return null;
  const text = time.trim();
  // GPX times are UTC; one written without a zone is read as UTC too.
  const ms = Date.parse(/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`);
  // As every route reads a position.
  return Number.isFinite(ms) ? [ms, negligibleAsZero(latitude), negligibleAsZero(longitude)] : null;
}

const asText = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

async function readGpx(input: AsyncIterable<Buffer>, maxPoints: number) {
  const points: TrackPoint[] = [];
  const gpx = new GpxPoints(maxPoints, (p) => {
    const timed = point(p.time, p.lat, p.lon);
    if (timed) points.push(timed);
  });
  try {
    for await (const chunk of input) {
      for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
        gpx.feed(chunk.subarray(at, at + SLICE_BYTES));
        await nextTurn();
      }
    }
    gpx.end();
  } catch (err) {
    if (err instanceof GpxError) throw badRequest(err.message, err.code);
    throw err;
  }
  const { track, metadata, route } = gpx.names;
  const name = asText(track) ?? asText(metadata) ?? asText(route);
  return { name, points, positions: gpx.positions };
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

async function readGeoJson(text: string) {
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
  // Each point's time is parsed: 604,800 of them held the server for seconds in one go.
  const slices = timeSlices();
  const points: (TrackPoint | null)[] = [];
  for (const { coords, times } of lines) {
    for (let i = 0; i < coords.length; i++) {
      const c = coords[i];
      points.push(Array.isArray(c) ? point(times[i], c[1], c[0]) : null);
      if (slices.due()) await slices.turn();
    }
  }
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
