/**
 * Generated photo fixtures for tests (Node only: sharp). Imported as "@poleatlas/shared/testing"
 * by the shared and server tests; nothing in src/ imports it, so sharp never reaches a browser
 * bundle. Each fixture also says what a correct reader must find in it.
 */
import sharp from "sharp";

export interface GpsPoint {
  latitude: number;
  longitude: number;
}

export interface PhotoFixtureOptions {
  format?: "jpeg" | "png";
  width?: number;
  height?: number;
  /** Written as EXIF GPS degrees/minutes/seconds with N/S and E/W refs; null writes none. */
  gps?: GpsPoint | null;
  /** EXIF text "YYYY:MM:DD HH:MM:SS"; null writes none. */
  dateTimeOriginal?: string | null;
  offsetTimeOriginal?: string;
  /** EXIF orientation 1–8 (6 = the camera was turned 90° clockwise). */
  orientation?: number;
  /** Background colour, so fixtures differ in bytes. */
  color?: { r: number; g: number; b: number };
  /** An XMP packet to embed (JPEG APP1 / PNG iTXt), e.g. from xmpPacket(). */
  xmp?: string;
  /** EXIF GPSImgDirection as the rational hundredths/100, with its reference (T true, M magnetic). */
  heading?: { degrees: number; ref: "T" | "M" };
}

export interface PhotoFixture {
  bytes: Buffer;
  /** What readPhotoMetadata must return for it (the exact decimal of the written rationals). */
  expected: { latitude: number | null; longitude: number | null; date: string | null };
}

interface Dms {
  d: number;
  m: number;
  /** Seconds in hundredths, as the rational s/100 is written. */
  s100: number;
}

function toDms(value: number): Dms {
  const abs = Math.abs(value);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  const s100 = Math.round(((abs - d) * 60 - m) * 60 * 100);
  return { d, m, s100 };
}

/** The decimal a reader computes from the written rationals: d + m/60 + s/3600. */
export function dmsToDecimal({ d, m, s100 }: Dms, negative: boolean): number {
  const abs = d + m / 60 + s100 / 100 / 3600;
  return negative ? -abs : abs;
}

const rational = ({ d, m, s100 }: Dms) => `${d}/1 ${m}/1 ${s100}/100`;

/** Counts fixtures, so no two calls make the same bytes (the server keeps one photo per bytes). */
let made = 0;

export async function makePhoto(opts: PhotoFixtureOptions = {}): Promise<PhotoFixture> {
  const { format = "jpeg", width = 64, height = 48, gps = null, dateTimeOriginal = null } = opts;
  const color = opts.color ?? { r: 180, g: 120, b: 60 };
  made += 1;
  const exif: Record<string, Record<string, string>> = {
    IFD0: { Make: "PoleAtlas test camera", ImageDescription: `fixture ${process.pid}-${made}` },
  };
  let expected: PhotoFixture["expected"] = { latitude: null, longitude: null, date: null };

  if (dateTimeOriginal !== null) {
    exif.IFD2 = { DateTimeOriginal: dateTimeOriginal };
    if (opts.offsetTimeOriginal) exif.IFD2.OffsetTimeOriginal = opts.offsetTimeOriginal;
    expected = { ...expected, date: dateTimeOriginal.slice(0, 10).replaceAll(":", "-") };
  }
  if (gps) {
    const lat = toDms(gps.latitude);
    const lon = toDms(gps.longitude);
    exif.IFD3 = {
      GPSLatitudeRef: gps.latitude < 0 ? "S" : "N",
      GPSLatitude: rational(lat),
      GPSLongitudeRef: gps.longitude < 0 ? "W" : "E",
      GPSLongitude: rational(lon),
    };
    expected = {
      ...expected,
      latitude: dmsToDecimal(lat, gps.latitude < 0),
      longitude: dmsToDecimal(lon, gps.longitude < 0),
    };
  }

  if (opts.heading) {
    exif.IFD3 = {
      ...exif.IFD3,
      GPSImgDirectionRef: opts.heading.ref,
      GPSImgDirection: `${Math.round(opts.heading.degrees * 100)}/100`,
    };
  }

  let img = sharp({ create: { width, height, channels: 3, background: color } });
  // Orientation goes through withMetadata, which would also keep/replace EXIF: set both at once.
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  img = img.withExifMerge(exif);
  if (opts.xmp !== undefined) img = img.withXmp(opts.xmp);
  const bytes = format === "png" ? await img.png().toBuffer() : await img.jpeg({ quality: 90 }).toBuffer();
  return { bytes, expected };
}

export interface XmpProperties {
  DateTimeOriginal?: string;
  GPSLatitude?: string;
  GPSLongitude?: string;
}

/**
 * An XMP packet as editors write it, carrying the given exif: properties as attributes of
 * rdf:Description, or as elements with `form: "elements"`; `prefix` renames the namespace prefix.
 */
export function xmpPacket(
  props: XmpProperties,
  { form = "attributes", prefix = "exif" }: { form?: "attributes" | "elements"; prefix?: string } = {},
): string {
  const entries = Object.entries(props);
  const ns = `xmlns:${prefix}="http://ns.adobe.com/exif/1.0/"`;
  const description =
    form === "attributes"
      ? `<rdf:Description rdf:about="" ${ns} ${entries.map(([k, v]) => `${prefix}:${k}="${v}"`).join(" ")}/>`
      : `<rdf:Description rdf:about="" ${ns}>${entries.map(([k, v]) => `<${prefix}:${k}>${v}</${prefix}:${k}>`).join("")}</rdf:Description>`;
  return (
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>` +
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
    `${description}</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`
  );
}

/** A plain image with no metadata at all. */
export async function makePlainImage(format: "jpeg" | "png" | "gif" | "webp", width = 32, height = 24) {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } });
  return img.toFormat(format).toBuffer();
}

/**
 * A valid JPEG of exactly `totalBytes` (±0): comment segments inserted after SOI carry the
 * padding, so the file still decodes and only its size is large. Quick to make, unlike noise.
 */
export function padJpeg(jpeg: Buffer, totalBytes: number): Buffer {
  const missing = totalBytes - jpeg.length;
  if (missing < 4) throw new Error(`padJpeg: ${totalBytes} is not larger than the JPEG (${jpeg.length})`);
  const segments: Buffer[] = [];
  let left = missing;
  while (left > 0) {
    // A segment is FF FE + 2 length bytes + payload; a payload may hold up to 65533 bytes.
    let size = Math.min(left, 65_537);
    if (left - size > 0 && left - size < 4) size -= 4; // never leave a remainder too small to carry
    const payload = size - 4;
    const seg = Buffer.alloc(size, 0x20);
    seg[0] = 0xff;
    seg[1] = 0xfe;
    seg.writeUInt16BE(payload + 2, 2);
    segments.push(seg);
    left -= size;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** The four hemispheres, named for test titles. */
export const HEMISPHERES: Record<string, GpsPoint> = {
  "N/E (Berlin)": { latitude: 52.520008, longitude: 13.404954 },
  "S/E (Sydney)": { latitude: -33.865143, longitude: 151.2099 },
  "N/W (New York)": { latitude: 40.712776, longitude: -74.005974 },
  "S/W (Santiago)": { latitude: -33.44889, longitude: -70.669265 },
};

export { groupIntoRegions, type Region } from "./regions-oracle";
export * from "./pinhole";
