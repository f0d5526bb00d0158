/**
 * The faces in a photo file, as boxes in its displayed pixels grown by a fifth (a detector's box
 * hugs the face; hair, ears and chin around it identify a person too). The detector sees a small
 * upright copy: its network works at `inputSize` pixels anyway, and sharp shrinks a 12-MP JPEG
 * while decoding it far faster than the network could.
 */
import { turns } from "../images/turns";
import { growBox, openPhoto, photoGeometry, type Box } from "./photo-blur";
import type { FaceDetector } from "./face-detector";
import { ImageDecodeError } from "../images/image-processor";

/** How much a face's box grows (half on each side) before it is blurred. */
export const FACE_BOX_GROWTH = 0.2;

export interface FaceScanner {
  /** Faces in the photo at `src` (displayed pixels); ImageDecodeError when it is unreadable. */
  scan(src: string): Promise<Box[]>;
}

export function createFaceScanner(detector: FaceDetector, scanSize: number): FaceScanner {
  // The WASM engine works on the main thread: one scan at a time keeps the others' requests moving.
  const inTurn = turns(1);
  return {
    async scan(src) {
      const g = await photoGeometry(src);
      let scan: { data: Buffer; info: { width: number; height: number; channels: number } };
      try {
        scan = await openPhoto(src)
          .autoOrient()
          .resize(scanSize, scanSize, { fit: "inside", withoutEnlargement: true })
          .removeAlpha()
          .toColourspace("srgb")
          .raw()
          .toBuffer({ resolveWithObject: true });
      } catch (err) {
        throw new ImageDecodeError(err);
      }
      const { data, info } = scan;
      if (info.channels !== 3) throw new ImageDecodeError(new Error(`${info.channels} channels`));
      const faces = await inTurn(() => detector.detect(data, info.width, info.height));
      const scale = g.width / info.width;
      return faces.map((f) =>
        growBox(
          { x: f.x * scale, y: f.y * scale, width: f.width * scale, height: f.height * scale },
          FACE_BOX_GROWTH,
          g.width,
          g.height,
        ),
      );
    },
  };
}
