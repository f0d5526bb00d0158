/**
 * What the field-day journey starts from: a small pole register in State Plane feet whose
 * positions GDAL worked out, photos a crew takes standing around a pole, and the pole record's
 * history read as a user reads it.
 */
import type { Locator } from "@playwright/test";
import { expect } from "./fixtures";
import { makeJpeg } from "./photo-fixtures";

export interface RegisterPole {
  tag: string;
  latitude: number;
  longitude: number;
  /** EPSG:2227 (NAD83 / California zone 3, US survey feet). */
  x: number;
  y: number;
}

/**
 * Four poles in San Francisco, 90–170 m apart: a photo 15 m from one has no other within the
 * 30 m the line of sight reaches. x and y from GDAL 3.6:
 * `gdaltransform -s_srs EPSG:4326 -t_srs EPSG:2227` fed "longitude latitude" per pole.
 */
export const REGISTER: readonly RegisterPole[] = [
  { tag: "SF-1", latitude: 37.7756, longitude: -122.4198, x: 6006846.742, y: 2110566.384 },
  { tag: "SF-2", latitude: 37.775, longitude: -122.419, x: 6007073.429, y: 2110343.215 },
  { tag: "SF-3", latitude: 37.7744, longitude: -122.4182, x: 6007300.12, y: 2110120.049 },
  { tag: "SF-4", latitude: 37.7762, longitude: -122.4178, x: 6007429.136, y: 2110772.96 },
];

export const registerCsv = () =>
  ["tag,easting,northing,material,height_m", ...REGISTER.map((p) => `${p.tag},${p.x},${p.y},wood,12`)].join(
    "\n",
  );

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The point `metres` from `from` toward `bearingDeg` (true north), on a sphere: exact enough at 15 m. */
export function offset(from: { latitude: number; longitude: number }, bearingDeg: number, metres: number) {
  const d = metres / EARTH_RADIUS_M;
  return {
    latitude: from.latitude + (Math.cos(rad(bearingDeg)) * d * 180) / Math.PI,
    longitude:
      from.longitude + (Math.sin(rad(bearingDeg)) * d * 180) / Math.PI / Math.cos(rad(from.latitude)),
  };
}

/** Metres between two positions (equirectangular: well under a millimetre off at these distances). */
export function metresBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const x = rad(b.longitude - a.longitude) * Math.cos(rad((a.latitude + b.latitude) / 2));
  return Math.hypot(x, rad(b.latitude - a.latitude)) * EARTH_RADIUS_M;
}

const SIDES = [
  ["north", 0],
  ["east", 90],
  ["south", 180],
  ["west", 270],
] as const;

/**
 * Four photos of `pole` from `metres` away, one on each side, each camera facing the pole
 * (GPSImgDirection toward it), taken a minute apart on `day` ("YYYY:MM:DD"); named
 * `<prefix>-north.jpg` and so on. Their positions and pixels differ, so each is a photo of its own.
 */
export function photosAround(pole: RegisterPole, metres: number, day: string, prefix: string) {
  return Promise.all(
    SIDES.map(async ([side, bearing], i) => ({
      name: `${prefix}-${side}.jpg`,
      mimeType: "image/jpeg",
      buffer: await makeJpeg({
        gps: offset(pole, bearing, metres),
        heading: (bearing + 180) % 360,
        dateTimeOriginal: `${day} 09:0${i}:00`,
        color: { r: 60 + 40 * i, g: 110, b: 90 },
      }),
    })),
  );
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** What a reader should never meet in a history: JSON, or a column's or action's raw name. */
const RAW = /[{}[\]"]|\b[a-z]+_[a-z_]+\b|\b(?:finding|visit|image|pole)\.[a-z]+\b/;

/**
 * Waits until the record's history holds an entry matching `sentence`, then checks that no entry
 * shows an id, JSON or a raw field name.
 */
export async function expectHistory(record: Locator, sentence: RegExp): Promise<void> {
  const entries = record.getByRole("list", { name: "History" }).getByTestId("history-entry");
  await expect(entries.filter({ hasText: sentence }).first()).toBeVisible();
  for (const text of await entries.allInnerTexts()) {
    expect(text, "a history entry shows an id").not.toMatch(UUID);
    expect(text, "a history entry shows raw data").not.toMatch(RAW);
  }
}
