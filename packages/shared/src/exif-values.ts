/** EXIF values turned into ours: degrees to decimals, the camera's date text to a day and time. */

/** Degrees/minutes/seconds (or a plain number) to signed decimal degrees; null when unusable. */
export function toDecimalDegrees(
  value: unknown,
  ref: unknown,
  negativeRef: "S" | "W",
  max: number,
): number | null {
  const parts = Array.isArray(value) ? value : [value];
  if (parts.length === 0 || parts.length > 3) return null;
  if (!parts.every((p): p is number => typeof p === "number" && Number.isFinite(p))) return null;
  const [d = 0, m = 0, s = 0] = parts;
  const abs = Math.abs(d) + m / 60 + s / 3600;
  if (m < 0 || s < 0 || abs > max) return null;
  const negative = typeof ref === "string" && ref.trim().toUpperCase().startsWith(negativeRef);
  return negative || d < 0 ? -abs : abs;
}

const DATE_TIME = /^\s*(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** "2023:07:14 23:30:05" → date and ISO timestamp, without ever passing through a Date object. */
export function parseExifDateTime(
  text: unknown,
  subSec?: unknown,
  offset?: unknown,
): { date: string; timestamp: string } | null {
  if (typeof text !== "string") return null;
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m as unknown as [string, string, string, string, string, string, string];
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return null;

  const date = `${y}-${mo}-${d}`;
  const fraction = typeof subSec === "string" && /^\d{1,9}$/.test(subSec.trim()) ? `.${subSec.trim()}` : "";
  const zoneMatch = typeof offset === "string" ? OFFSET.exec(offset.trim()) : null;
  const zone = zoneMatch && Number(zoneMatch[2]) <= 14 && Number(zoneMatch[3]) <= 59 ? zoneMatch[0] : "";
  return { date, timestamp: `${date}T${h}:${mi}:${s}${fraction}${zone}` };
}

/** What EXIF says of the lens; the photo's size in pixels is the server's to add (see photo-optics.ts). */
export interface LensReading {
  focalLength35mm: number | null;
  focalLengthMm: number | null;
  /** The sensor's long side, mm: the image's long side in pixels over the focal plane's resolution. */
  sensorWidthMm: number | null;
}

/** Millimetres per FocalPlaneResolutionUnit (2 inch, 3 cm, 4 mm, 5 µm; 1 "none" reads as inch). */
const UNIT_MM: Record<number, number> = { 1: 25.4, 2: 25.4, 3: 10, 4: 1, 5: 0.001 };

const positive = (v: unknown): number | null => {
  const n = Array.isArray(v) && v.length === 1 ? (v[0] as unknown) : v;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null;
};

export function lensOf(tags: Record<string, unknown>): LensReading {
  const unit = UNIT_MM[positive(tags.FocalPlaneResolutionUnit) ?? 2] ?? null;
  const side = (pixels: unknown, resolution: unknown) => {
    const px = positive(pixels);
    const res = positive(resolution);
    return px && res && unit ? (px / res) * unit : null;
  };
  const sides = [
    side(tags.ExifImageWidth, tags.FocalPlaneXResolution),
    side(tags.ExifImageHeight, tags.FocalPlaneYResolution),
  ].filter((s) => s !== null);
  return {
    focalLength35mm: positive(tags.FocalLengthIn35mmFormat),
    focalLengthMm: positive(tags.FocalLength),
    sensorWidthMm: sides.length > 0 ? Math.max(...sides) : null,
  };
}
