/**
 * The faces in a photo file, as boxes in its displayed pixels grown by a fifth (a detector's box
 * hugs the face; hair, ears and chin around it identify a person too). The photo is decoded once,
 * to a small upright copy (the preview): the detector's network works at its own input size
 * anyway, sharp shrinks a 12-MP JPEG while decoding it far faster than the network could, and the
 * thumbnail step makes the thumbnail from the same copy instead of decoding the photo again.
 */
import { ImageDecodeError, type Preview } from "../images/image-processor";
import sharp from "sharp";
import { growBox, openPhoto, photoGeometry, type Box } from "./photo-blur";
import type { FaceDetector } from "./face-detector";

/** How much a face's box grows (half on each side) before it is blurred. */
export const FACE_BOX_GROWTH = 0.2;
/**
 * The preview's longest side: above the detector's input (416) so it loses nothing, and above
 * twice the thumbnail's side so the thumbnail made from it stays sharp.
 */
export const PREVIEW_SIDE = 640;

/** A face found: its grown box in displayed pixels, and the detector's score (0–1). */
export type FoundFace = Box & { score: number };

export interface FaceScan {
  faces: FoundFace[];
  /** The photo decoded once, upright and small: what the thumbnail is made from. */
  preview: Preview;
}

export interface FaceScanner {
  /** Faces in the photo at `src`; ImageDecodeError when it is unreadable. */
  scan(src: string): Promise<FaceScan>;
}

/** The photo at `src`, upright, its longest side at most `side`, as RGB (the whole file is read). */
export async function decodePreview(src: string, side: number): Promise<Preview> {
  try {
    const { data, info } = await openPhoto(src)
      .autoOrient()
      .resize(side, side, { fit: "inside", withoutEnlargement: true })
      .removeAlpha()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`${info.channels} channels`);
    return { data, width: info.width, height: info.height };
  } catch (err) {
    throw new ImageDecodeError(err);
  }
}

export function createFaceScanner(detector: FaceDetector, previewSide = PREVIEW_SIDE): FaceScanner {
  return {
    async scan(src) {
      const g = await photoGeometry(src);
      const preview = await decodePreview(src, previewSide);
      // sharp shrinks the preview to the network's side (a few ms): the network's own bilinear
      // shrink of a larger image blurs small faces less evenly, and missed some (docs/benchmarks.md).
      const { data, info } = await sharp(preview.data, {
        raw: { width: preview.width, height: preview.height, channels: 3 },
      })
        .resize(detector.inputSize, detector.inputSize, { fit: "inside", withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const found = await detector.detect(data, info.width, info.height);
      const scale = g.width / info.width;
      const faces = found.map((f) => ({
        ...growBox(
          { x: f.x * scale, y: f.y * scale, width: f.width * scale, height: f.height * scale },
          FACE_BOX_GROWTH,
          g.width,
          g.height,
        ),
        score: f.score,
      }));
      return { faces, preview };
    },
  };
}
