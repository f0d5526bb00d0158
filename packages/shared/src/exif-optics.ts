/** The lens facts a photo's EXIF gives for measuring from it: its focal length, real and 35 mm equivalent. */
import exifr from "exifr";
import { locateExif } from "./exif-locate";

export interface FocalLengths {
  focalLength35mm: number | null;
  focalLengthMm: number | null;
}

const positive = (v: unknown): number | null => {
  const n = Array.isArray(v) && v.length === 1 ? (v[0] as unknown) : v;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null;
};

/** Nulls when the photo has no EXIF or the tags are missing or not positive numbers. */
export async function readFocalLengths(input: Blob | ArrayBuffer | Uint8Array): Promise<FocalLengths> {
  const none = { focalLength35mm: null, focalLengthMm: null };
  try {
    const located = await locateExif(input);
    if (!located.tiff) return none;
    const tags: unknown = await exifr.parse(located.tiff, {
      pick: ["FocalLength", "FocalLengthIn35mmFormat"],
      translateValues: false,
      mergeOutput: true,
    });
    if (!tags || typeof tags !== "object") return none;
    const t = tags as { FocalLength?: unknown; FocalLengthIn35mmFormat?: unknown };
    return { focalLength35mm: positive(t.FocalLengthIn35mmFormat), focalLengthMm: positive(t.FocalLength) };
  } catch {
    return none;
  }
}
