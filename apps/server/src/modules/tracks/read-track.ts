/**
 * A GPS track from a file: GPX 1.0 or 1.1 (track, route and waypoint points that carry a <time>),
 * or a GeoJSON LineString / MultiLineString (bare, as a Feature or in a FeatureCollection) with
 * its per-point times in `properties.coordTimes` or `properties.times` (ISO 8601, one per
 * position, nested like the coordinates: what togeojson and most exports write).
 *
 * A GPX is read as it streams (gpx-points.ts), a slice at a time with the event loop free in
 * between, and at most `maxPoints` points; a GeoJSON is parsed whole on a thread of its own
 * (geojson-points.ts: a 30 MB file held the server 1.8 s as one JSON.parse here), its points then
 * taken in slices of time, as the order of the points is checked.
 *
 * The points come back in time order with one point per instant; a later point at the same
 * instant replaces the earlier one, as exiftool's -geotag does.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { MAX_TRACK_POINTS, trackTexts } from "@poleatlas/shared";
import { badRequest } from "../../errors";
import { timeSlices } from "../../infra/limits/time-slices";
import { GpxError, GpxPoints } from "./gpx-points";
import { asText, point, type TrackPoint } from "./track-point";
import { geojsonOnThread } from "./track-thread";

export type { TrackPoint } from "./track-point";

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
  else if (first === "{") read = await readGeoJson(rest);
  else throw badRequest(trackTexts.unknownFormat, "invalid_track");
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

/** The file's bytes in one buffer of their own (handed to the thread, not copied). */
async function ownBytes(input: AsyncIterable<Buffer>): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Buffer[] = [];
  let length = 0;
  for await (const chunk of input) {
    parts.push(chunk);
    length += chunk.length;
  }
  const bytes = new Uint8Array(new ArrayBuffer(length));
  let at = 0;
  for (const part of parts.splice(0)) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

async function readGeoJson(input: AsyncIterable<Buffer>) {
  const geojson = await geojsonOnThread(await ownBytes(input));
  if ("unreadable" in geojson) throw badRequest(trackTexts.geojsonUnreadable, "invalid_track");
  // 604,800 points made into arrays in one go held the server for a moment too.
  const slices = timeSlices();
  const { flat } = geojson;
  const points: (TrackPoint | null)[] = [];
  for (let at = 0; at < flat.length; at += 3) {
    const ms = flat[at]!;
    points.push(Number.isNaN(ms) ? null : [ms, flat[at + 1]!, flat[at + 2]!]);
    if (slices.due()) await slices.turn();
  }
  return { name: geojson.name, points, positions: points.length };
}
