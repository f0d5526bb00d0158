/**
 * The upload's privacy step: where the workspace blurs faces (the default), the received photo is
 * scanned and each face blurred into a new temp file, which is what gets stored; the received
 * file (the unblurred bytes) never leaves the temp folder and goes with the request. A photo
 * without faces (or where nothing is blurred) is not encoded again: it is stored without its
 * embedded images (infra/images/embedded-images.ts), its pixels byte for byte.
 */
import type { ImageFormat } from "@poleatlas/shared";
import type { FaceScanner } from "../../infra/faces/face-scan";
import { blurAreas } from "../../infra/faces/photo-blur";
import { writeWithoutEmbeddedImages } from "../../infra/images/embedded-images";
import type { Preview } from "../../infra/images/image-processor";
import type { TempFiles } from "../../infra/uploads/temp-files";

/** The file to store for an upload, and what was blurred in it. */
export interface PreparedPhoto {
  path: string;
  size: number;
  /** Faces blurred (0: stored with the received pixels). */
  faces: number;
  /**
   * The stored photo already decoded, small and upright, when the scan found no face: the
   * thumbnail is made from it, so such a photo is decoded once. Absent when faces were blurred
   * (the thumbnail is made from the blurred file) or nothing was scanned.
   */
  preview?: Preview;
  /** Removes the blurred or stripped temp copy (nothing when the received file is stored as is). */
  discard(): Promise<void>;
}

export interface FacePrivacy {
  prepare(workspaceId: string, src: string, size: number, format: ImageFormat): Promise<PreparedPhoto>;
}

export function createFacePrivacy(deps: {
  scanner: FaceScanner;
  temp: TempFiles;
  /** The workspace's setting (GET/PUT /api/workspace/settings). */
  blurFacesIn: (workspaceId: string) => Promise<boolean>;
}): FacePrivacy {
  const { scanner, temp, blurFacesIn } = deps;
  /** The received photo's pixels without its embedded images (the blurred copy has none either). */
  async function unblurred(src: string, size: number, format: ImageFormat, preview?: Preview) {
    const dest = await temp.newPath("strip");
    try {
      if (!(await writeWithoutEmbeddedImages(src, dest, format))) {
        return { path: src, size, faces: 0, preview, discard: async () => {} };
      }
      return { path: dest, size: await temp.size(dest), faces: 0, preview, discard: () => temp.remove(dest) };
    } catch (err) {
      await temp.remove(dest).catch(() => {});
      throw err;
    }
  }

  return {
    async prepare(workspaceId, src, size, format) {
      if (!(await blurFacesIn(workspaceId))) return unblurred(src, size, format);
      const { faces, preview } = await scanner.scan(src);
      if (faces.length === 0) return unblurred(src, size, format, preview);
      const dest = await temp.newPath("blur");
      try {
        await blurAreas(src, dest, faces, format);
        return {
          path: dest,
          size: await temp.size(dest),
          faces: faces.length,
          discard: () => temp.remove(dest),
        };
      } catch (err) {
        await temp.remove(dest).catch(() => {});
        throw err;
      }
    },
  };
}
