/**
 * A HEIC-decoding thread (see heic-decoder.ts): libheif's wasm build with its HEVC decoder,
 * one photo at a time. Each message is a file's bytes; the answer carries the same id with the
 * RGB pixels (handed over, not copied) or the error.
 *
 * libheif is called directly rather than through heic-decode, whose RGBA answer cost a fourth
 * byte a pixel to convert and carry, and a second 48 MB copy at 12 MP: the pixels are converted
 * to interleaved RGB inside the wasm and copied out of its heap once, into the buffer sent.
 */
import { parentPort } from "node:worker_threads";
import libheif from "libheif-js/wasm-bundle.js";

export interface HeicRequest {
  id: number;
  bytes: Uint8Array;
}

export type HeicAnswer =
  { id: number; width: number; height: number; rgb: Uint8Array } | { id: number; error: string };

const port = parentPort!;

/** The first top-level image's pixels, 3 bytes each, rows packed; throws when there is none. */
async function decodeRgb(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; rgb: Uint8Array<ArrayBuffer> }> {
  await libheif.ready;
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const image = images[0];
    if (!image) throw new Error("HEIF image not found");
    const decoded = await libheif.heif_js_decode_image2(
      image.handle,
      libheif.heif_colorspace.heif_colorspace_RGB,
      libheif.heif_chroma.heif_chroma_interleaved_RGB,
    );
    if (!decoded || decoded.code) throw new Error("HEIF processing error");
    try {
      const plane = decoded.channels.find((c) => c.id === libheif.heif_channel.heif_channel_interleaved);
      if (!plane) throw new Error("HEIF processing error");
      const { width, height, stride, data } = plane;
      const row = width * 3;
      // `data` is a view of the wasm heap, reused by the next decode: the one copy is here.
      const rgb = new Uint8Array(row * height);
      if (stride === row) rgb.set(data.subarray(0, row * height));
      else for (let y = 0; y < height; y += 1) rgb.set(data.subarray(y * stride, y * stride + row), y * row);
      return { width, height, rgb };
    } finally {
      libheif.heif_image_release(decoded.image);
    }
  } finally {
    for (const image of images) image.free();
    decoder.decoder.delete();
  }
}

port.on("message", (req: HeicRequest) => {
  decodeRgb(req.bytes).then(
    ({ width, height, rgb }) => {
      port.postMessage({ id: req.id, width, height, rgb } satisfies HeicAnswer, [rgb.buffer]);
    },
    (err: unknown) =>
      port.postMessage({
        id: req.id,
        error: err instanceof Error ? err.message : String(err),
      } satisfies HeicAnswer),
  );
});
