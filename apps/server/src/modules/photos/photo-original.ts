/**
 * The file as uploaded, kept beside the rendition that is shown (a HEIC beside its JPEG): where
 * it is stored, what it is called when downloaded and how it is described. The map, timeline,
 * thumbnails, reports and exports read the rendition; only the photo's download is the original.
 */
import { open } from "node:fs/promises";

/** A received file to keep as the original: where it waits, its size and its type. */
export interface OriginalFile {
  path: string;
  size: number;
  mime: OriginalMime;
}

export type OriginalMime = "image/heic" | "image/heif";

/** HEVC brands (ISO/IEC 23008-12 Annex B): a HEIC; any other HEIF brand is a plain HEIF. */
const HEVC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);

/** image/heic for HEVC brands, image/heif for the rest, from the `ftyp` box's major brand. */
export async function originalMime(path: string): Promise<OriginalMime> {
  const file = await open(path, "r");
  try {
    const head = Buffer.alloc(12);
    await file.read(head, 0, 12, 0);
    return HEVC_BRANDS.has(head.toString("latin1", 8, 12)) ? "image/heic" : "image/heif";
  } finally {
    await file.close();
  }
}

const EXTENSION: Record<OriginalMime, string> = { "image/heic": "heic", "image/heif": "heif" };

/** Beside the photo's own files, under the uploader's folder (the orphan sweep looks there too). */
export const originalKey = (userId: string, id: string, mime: OriginalMime) =>
  `utility-poles/${userId}/originals/${id}.${EXTENSION[mime]}`;

/**
 * The download's name: the photo's name with the original's extension ("IMG_0001.HEIC" stays as
 * it is; a HEIC renamed "pole.jpg" downloads as "pole.heic"), so the file opens as what it is.
 */
export function downloadName(name: string, mime: string): string {
  const ext = mime === "image/heif" ? "heif" : "heic";
  if (/\.(heic|heif)$/i.test(name)) return name;
  const dot = name.lastIndexOf(".");
  return `${dot > 0 ? name.slice(0, dot) : name || "photo"}.${ext}`;
}

/**
 * RFC 6266: an attachment with an ASCII fallback and the UTF-8 name (names are users' text:
 * quotes, backslashes and control characters never reach the header).
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
