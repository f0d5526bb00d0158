/**
 * Photos of a pole with a known position, as phones write them: a street, a pole on its far side,
 * cameras on the near side 6–15 m away, each aimed roughly at the pole. The truth is computed here
 * on the sphere (destination and forward azimuth), not with the server's local plane; exiftool
 * writes the EXIF (position, compass bearing, 35 mm focal length) into plain JPEGs made by sharp.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";

const run = promisify(execFile);
const R = 6371008.8;
const RAD = Math.PI / 180;

/** The photos: 3:2 landscape, so the 35 mm focal length gives f = W × F35 / 36. */
export const WIDTH = 600;
export const HEIGHT = 400;
export const FOCAL_35MM = 28;
export const FOCAL_PX = (WIDTH * FOCAL_35MM) / 36;

export const POLE = { latitude: 47.3701234, longitude: 8.5412345 };
/** East and north of the pole, metres: one side of the street, 8.5–12.8 m from the pole. */
export const CAMERAS = [
  { east: -9, north: -8 },
  { east: -3, north: -8 },
  { east: 4, north: -8 },
  { east: 10, north: -8 },
];
/** Where each camera was aimed, off the pole (a phone never points straight at it). */
export const AIM_OFF_DEG = [12, -6, 9, -14];

export interface Place {
  latitude: number;
  longitude: number;
}

/** The point `metres` away from `from` along `bearingDeg`, on the sphere. */
export function destination(from: Place, bearingDeg: number, metres: number): Place {
  const d = metres / R;
  const b = bearingDeg * RAD;
  const lat1 = from.latitude * RAD;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 =
    from.longitude * RAD +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: lat2 / RAD, longitude: lon2 / RAD };
}

/** The initial bearing from one place to another, degrees from north. */
export function azimuth(from: Place, to: Place): number {
  const lat1 = from.latitude * RAD;
  const lat2 = to.latitude * RAD;
  const dLon = (to.longitude - from.longitude) * RAD;
  const y = Math.sin(dLon) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLon);
  return (((Math.atan2(y, x) / RAD) % 360) + 360) % 360;
}

/** The great-circle distance, metres. */
export function distance(a: Place, b: Place): number {
  const h =
    Math.sin(((b.latitude - a.latitude) * RAD) / 2) ** 2 +
    Math.cos(a.latitude * RAD) *
      Math.cos(b.latitude * RAD) *
      Math.sin(((b.longitude - a.longitude) * RAD) / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point east and north of another, metres (over the two great circles). */
export const offset = (from: Place, east: number, north: number): Place =>
  destination(destination(from, 0, north), 90, east);

/** What one photo carries, and where the user marks the pole in it. */
export interface Shot {
  file: string;
  /** What the EXIF says: the camera's GPS position and compass bearing. */
  latitude: number;
  longitude: number;
  heading: number;
  /** The pole's horizontal pixel in the photo, from where the camera truly stood and looked. */
  x: number;
}

/** The shot of a camera truly at `at`, truly looking `aimDeg`, whose GPS and compass were off by these. */
export function shot(
  file: string,
  at: Place,
  aimDeg: number,
  gpsOff = { east: 0, north: 0 },
  compassOffDeg = 0,
): Shot {
  const off = azimuth(at, POLE) - aimDeg;
  const recorded = offset(at, gpsOff.east, gpsOff.north);
  return {
    file,
    latitude: recorded.latitude,
    longitude: recorded.longitude,
    heading: (((aimDeg + compassOffDeg) % 360) + 360) % 360,
    x: WIDTH / 2 + FOCAL_PX * Math.tan(off * RAD),
  };
}

/** The exact shots: GPS and compass without error. */
export const exactShots = (dir: string): Shot[] =>
  CAMERAS.map((c, i) => {
    const at = offset(POLE, c.east, c.north);
    return shot(path.join(dir, `exact-${i}.jpg`), at, azimuth(at, POLE) + AIM_OFF_DEG[i]!);
  });

/** The exiftool arguments that write one shot's EXIF; `-execute` ends each file's block. */
function exifArgs(s: Shot, extra: string[] = []): string[] {
  return [
    "-overwrite_original",
    `-GPSLatitude=${Math.abs(s.latitude)}`,
    `-GPSLatitudeRef=${s.latitude < 0 ? "S" : "N"}`,
    `-GPSLongitude=${Math.abs(s.longitude)}`,
    `-GPSLongitudeRef=${s.longitude < 0 ? "W" : "E"}`,
    `-GPSImgDirection=${s.heading}`,
    "-GPSImgDirectionRef=T",
    `-FocalLengthIn35mmFormat=${FOCAL_35MM}`,
    "-DateTimeOriginal=2026:05:04 10:00:00",
    ...extra,
    s.file,
    "-execute",
  ];
}

let shade = 0;
/**
 * Writes each shot's JPEG (a plain one of its own colour, so no two are the same bytes) and its
 * EXIF in one exiftool run: an argfile with a block per file.
 */
export async function writeShots(dir: string, shots: Shot[], extra: (s: Shot) => string[] = () => []) {
  for (const s of shots) {
    shade = (shade + 1) % 4096;
    const background = { r: shade % 256, g: ((shade >> 4) * 13) % 256, b: 90 };
    await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background } })
      .jpeg()
      .toFile(s.file);
  }
  const argfile = path.join(dir, "exif.args");
  await writeFile(argfile, shots.flatMap((s) => exifArgs(s, extra(s))).join("\n") + "\n");
  await run("exiftool", ["-@", argfile]);
}

export async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "locate-"));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A seeded PRNG (mulberry32) and normal draws from it (Box–Muller). */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = (sigma: number) =>
    sigma * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return { next, normal };
}
