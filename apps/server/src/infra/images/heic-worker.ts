/**
 * A HEIC-decoding thread (see heic-decoder.ts): libheif's wasm build with its HEVC decoder,
 * one photo at a time. Each message is a file's bytes; the answer carries the same id with the
 * RGBA pixels (handed over, not copied) or the error.
 */
import { parentPort } from "node:worker_threads";
import decode from "heic-decode";

export interface HeicRequest {
  id: number;
  bytes: Uint8Array;
}

export type HeicAnswer =
  { id: number; width: number; height: number; rgba: Uint8Array } | { id: number; error: string };

const port = parentPort!;

port.on("message", (req: HeicRequest) => {
  decode({ buffer: req.bytes }).then(
    ({ width, height, data }) => {
      const rgba = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      port.postMessage({ id: req.id, width, height, rgba } satisfies HeicAnswer, [rgba.buffer]);
    },
    (err: unknown) =>
      port.postMessage({
        id: req.id,
        error: err instanceof Error ? err.message : String(err),
      } satisfies HeicAnswer),
  );
});
