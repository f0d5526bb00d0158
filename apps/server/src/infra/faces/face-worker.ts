/**
 * A face-detector thread (see detector-pool.ts): its own detector engine, one image at a time.
 * Each message is an image to scan; the answer carries the same id with the boxes or the error.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createFaceDetector, type DetectorOptions, type FaceBox } from "./face-detector";

export interface DetectRequest {
  id: number;
  rgb: Uint8Array;
  width: number;
  height: number;
}

export type DetectAnswer = { id: number; faces: FaceBox[] } | { id: number; error: string };

const detector = createFaceDetector(workerData as DetectorOptions);
const port = parentPort!;

port.on("message", (req: DetectRequest) => {
  const rgb = Buffer.from(req.rgb.buffer, req.rgb.byteOffset, req.rgb.byteLength);
  detector.detect(rgb, req.width, req.height).then(
    (faces) => port.postMessage({ id: req.id, faces } satisfies DetectAnswer),
    (err: unknown) =>
      port.postMessage({
        id: req.id,
        error: err instanceof Error ? err.message : String(err),
      } satisfies DetectAnswer),
  );
});
