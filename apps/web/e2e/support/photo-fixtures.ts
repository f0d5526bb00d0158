/**
 * Photo fixtures generated in code (never read from disk): small JPEG/PNG images with the EXIF
 * a camera writes (GPS in degrees/minutes/seconds, DateTimeOriginal as text), and a GIF.
 * Used by the upload e2e tests and the upload dialog's component tests (Node only: sharp).
 */
import sharp from "sharp";

export interface PhotoSpec {
  /** Decimal degrees, negative for S/W; omitted → no GPS block at all. */
  gps?: { latitude: number; longitude: number };
  /** "YYYY:MM:DD HH:MM:SS" as cameras write it; omitted → no DateTimeOriginal. */
  dateTimeOriginal?: string;
  width?: number;
  height?: number;
  /** Fill colour, so screenshots tell the fixtures apart. */
  color?: { r: number; g: number; b: number };
  /** Gaussian noise instead of a flat colour: bigger files that take a while to upload. */
  noise?: boolean;
  /** An XMP packet to embed (editors often keep the date and position only there). */
  xmp?: string;
  /** The compass bearing (GPSImgDirection, true north), degrees; omitted → none. */
  heading?: number;
  /** The lens as a 35 mm film focal length (FocalLengthIn35mmFormat), mm; omitted → none. */
  focal35?: number;
  /** An SVG of the photo's size drawn over the colour: a scene whose pixels a test knows. */
  svg?: string;
}

/** 52.5208 → "52/1 31/1 1488/100" (EXIF rationals for degrees, minutes, seconds). */
function toDmsRationals(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutesFull = (abs - degrees) * 60;
  const minutes = Math.floor(minutesFull);
  const hundredthsOfSeconds = Math.round((minutesFull - minutes) * 60 * 100);
  return `${degrees}/1 ${minutes}/1 ${hundredthsOfSeconds}/100`;
}

function exifFor(spec: PhotoSpec) {
  const exif: Record<string, Record<string, string>> = { IFD0: { Make: "PoleAtlas", Model: "Fixture" } };
  if (spec.dateTimeOriginal) exif.IFD2 = { DateTimeOriginal: spec.dateTimeOriginal };
  // libexif's name for the tag exifr reads as FocalLengthIn35mmFormat.
  if (spec.focal35 !== undefined) exif.IFD2 = { ...exif.IFD2, FocalLengthIn35mmFilm: String(spec.focal35) };
  if (spec.gps) {
    exif.IFD3 = {
      GPSLatitudeRef: spec.gps.latitude < 0 ? "S" : "N",
      GPSLatitude: toDmsRationals(spec.gps.latitude),
      GPSLongitudeRef: spec.gps.longitude < 0 ? "W" : "E",
      GPSLongitude: toDmsRationals(spec.gps.longitude),
    };
  }
  if (spec.heading !== undefined) {
    exif.IFD3 = {
      ...exif.IFD3,
      GPSImgDirectionRef: "T",
      GPSImgDirection: `${Math.round(spec.heading * 100)}/100`,
    };
  }
  return exif;
}

async function canvas(spec: PhotoSpec) {
  const size = { width: spec.width ?? 320, height: spec.height ?? 240, channels: 3 as const };
  const background = spec.color ?? { r: 70, g: 130, b: 180 };
  const flat = sharp({ create: { ...size, background } });
  if (spec.svg !== undefined)
    return sharp(
      await flat
        .composite([{ input: Buffer.from(spec.svg) }])
        .png()
        .toBuffer(),
    );
  if (!spec.noise) return flat;
  // Noise over the colour: the file stays large, the thumbnail stays recognisable.
  const noise = await sharp({
    create: { ...size, background, noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .raw()
    .toBuffer();
  return flat.composite([{ input: noise, raw: size, blend: "overlay" }]);
}

export async function makeJpeg(spec: PhotoSpec = {}): Promise<Buffer> {
  const jpeg = (await canvas(spec)).jpeg({ quality: 90 }).withExif(exifFor(spec));
  return (spec.xmp === undefined ? jpeg : jpeg.withXmp(spec.xmp)).toBuffer();
}

export async function makePng(spec: PhotoSpec = {}): Promise<Buffer> {
  return (await canvas(spec)).png().withExif(exifFor(spec)).toBuffer();
}

export async function makeGif(spec: PhotoSpec = {}): Promise<Buffer> {
  return (await canvas(spec)).gif().toBuffer();
}

/** A valid PNG of at least `bytes` bytes (uncompressed pixels), for quota tests. */
export function makeLargePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 1;
  return sharp({ create: { width: side, height: side, channels: 3, background: { r: 20, g: 20, b: 20 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** The usual set: GPS + date, no GPS, no date (PNG), and a GIF the zone must refuse. */
export async function standardFixtures() {
  return {
    complete: await makeJpeg({
      gps: { latitude: 52.520008, longitude: 13.404954 },
      dateTimeOriginal: "2024:05:01 10:22:33",
      color: { r: 46, g: 125, b: 50 },
    }),
    noGps: await makeJpeg({ dateTimeOriginal: "2024:06:02 08:00:00", color: { r: 198, g: 40, b: 40 } }),
    noDate: await makePng({
      gps: { latitude: -33.8688, longitude: 151.2093 },
      color: { r: 255, g: 179, b: 0 },
    }),
    gif: await makeGif({ color: { r: 120, g: 120, b: 120 } }),
  };
}

/**
 * Field photos near Geneva, one per name, ready for a file input: the `first`-th and those after
 * it differ in position and pixels, since the server takes a user's second copy of a photo for
 * the first.
 */
export function fieldPhotos(names: string[], first = 0) {
  return Promise.all(
    names.map(async (name, k) => {
      const i = first + k;
      return {
        name,
        mimeType: "image/jpeg",
        buffer: await makeJpeg({
          gps: { latitude: 46.2 + i / 100, longitude: 6.14 },
          dateTimeOriginal: "2025:02:03 10:00:00",
          color: { r: (40 * i) % 256, g: 90, b: 200 },
        }),
      };
    }),
  );
}
