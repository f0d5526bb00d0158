/**
 * GPS tracks for tests, made by real tools: gpsbabel writes the GPX from a CSV of fixes, and
 * exiftool's own -geotag places the same photos on the same track, as the reference to compare with.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { trackMatchResultSchema, trackResponseSchema, type TrackMatchBody } from "@poleatlas/shared";
import { expect, onTestFinished } from "vitest";
import type { TestApp } from "../helpers/app";
import { multipartBody } from "../helpers/uploads";
import { TEST_ORIGIN } from "../helpers/users";

const run = promisify(execFile);

export interface Fix {
  /** ISO 8601 UTC, whole seconds. */
  time: string;
  lat: number;
  lon: number;
}

/**
 * A GPX track written by gpsbabel (`gpxver` 1.0 or 1.1), in a folder of its own that goes when
 * the calling test finishes (exiftoolGeotag's copies with it). Call it inside a test.
 */
export async function gpsbabelGpx(fixes: Fix[], gpxver: "1.0" | "1.1" = "1.1") {
  const dir = await mkdtemp(path.join(tmpdir(), "poleatlas-track-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const csv = path.join(dir, "fixes.csv");
  const gpx = path.join(dir, "track.gpx");
  const lines = fixes.map((f) => {
    const [d, t] = f.time.replace("Z", "").split("T");
    return `${f.lat},${f.lon},${d!.replaceAll("-", "/")},${t}`;
  });
  await writeFile(csv, `lat,lon,utc_d,utc_t\n${lines.join("\n")}\n`);
  await run("gpsbabel", [
    "-i",
    "unicsv",
    "-f",
    csv,
    "-x",
    "transform,trk=wpt,del",
    "-o",
    `gpx,gpxver=${gpxver}`,
    "-F",
    gpx,
  ]);
  return { dir, gpx, bytes: await readFile(gpx) };
}

/**
 * exiftool's -geotag on copies of these photos, with the photo's own offset (it uses the
 * computer's zone otherwise), and interpolation across at most `maxGapSeconds` with no
 * extrapolation: the server's rule. `geosync` is the camera clock's correction in seconds.
 * Answers each photo's position, null where exiftool placed none.
 */
export async function exiftoolGeotag(
  dir: string,
  gpx: string,
  photos: { name: string; bytes: Buffer }[],
  opts: { geosync?: number; maxGapSeconds?: number } = {},
): Promise<Map<string, { latitude: number; longitude: number } | null>> {
  const inDir = await mkdtemp(path.join(dir, "in-"));
  const outDir = path.join(dir, `out-${path.basename(inDir)}`);
  for (const p of photos) await writeFile(path.join(inDir, p.name), p.bytes);
  const args = [
    "-q",
    "-m",
    "-geotag",
    gpx,
    "-Geotime<${DateTimeOriginal}${OffsetTimeOriginal}",
    "-api",
    `GeoMaxIntSecs=${opts.maxGapSeconds ?? 60}`,
    "-api",
    "GeoMaxExtSecs=0",
    ...(opts.geosync !== undefined ? [`-geosync=${opts.geosync >= 0 ? "+" : ""}${opts.geosync}`] : []),
    "-o",
    `${outDir}/`,
    inDir,
  ];
  // exiftool exits 1 when some photo could not be tagged (outside the track): that is an answer.
  await run("exiftool", args).catch((err: { code?: number }) => {
    if (err.code !== 1) throw err;
  });
  const read = await run("exiftool", [
    "-n",
    "-j",
    "-Composite:GPSLatitude",
    "-Composite:GPSLongitude",
    inDir,
    outDir,
  ]);
  const tags = JSON.parse(read.stdout) as {
    SourceFile: string;
    GPSLatitude?: number;
    GPSLongitude?: number;
  }[];
  const out = new Map<string, { latitude: number; longitude: number } | null>();
  for (const p of photos) out.set(p.name, null);
  for (const t of tags) {
    if (!t.SourceFile.startsWith(outDir) || t.GPSLatitude === undefined || t.GPSLongitude === undefined)
      continue;
    out.set(path.basename(t.SourceFile), { latitude: t.GPSLatitude, longitude: t.GPSLongitude });
  }
  return out;
}

export function postTrack(t: TestApp, cookie: string, bytes: Uint8Array, filename = "track.gpx") {
  const body = multipartBody(bytes, { filename, contentType: "application/gpx+xml" });
  return t.app.inject({
    method: "POST",
    url: "/api/tracks",
    headers: { cookie, origin: TEST_ORIGIN, "content-type": body.contentType },
    payload: body.payload,
  });
}

export async function uploadTrack(t: TestApp, cookie: string, bytes: Uint8Array, filename?: string) {
  const res = await postTrack(t, cookie, bytes, filename);
  expect(res.statusCode, res.body).toBe(201);
  return trackResponseSchema.parse(res.json()).track;
}

export function postMatch(t: TestApp, cookie: string, trackId: string, body: TrackMatchBody) {
  return t.app.inject({
    method: "POST",
    url: `/api/tracks/${trackId}/match`,
    headers: { cookie, origin: TEST_ORIGIN },
    payload: body,
  });
}

export async function match(t: TestApp, cookie: string, trackId: string, body: TrackMatchBody) {
  const res = await postMatch(t, cookie, trackId, body);
  expect(res.statusCode, res.body).toBe(200);
  return trackMatchResultSchema.parse(res.json());
}

/** "2024-05-01T03:00:17" → EXIF's "2024:05:01 03:00:17". */
export const exifTime = (iso: string) =>
  iso
    .slice(0, 19)
    .replace("T", " ")
    .replace(/^(\d+)-(\d+)-/, "$1:$2:");
