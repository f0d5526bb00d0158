/**
 * HEIC photos to JPEG renditions. sharp's prebuilt libvips reads a HEIC's header but cannot
 * decode HEVC; libheif's wasm build (libheif-js) can, synchronously and for ~1 s a 12 MP photo:
 * in the request thread that would hold every other request. It runs on one worker thread, one
 * photo at a time (each decode holds width × height × 4 bytes; two cores serve everyone). A
 * worker that dies fails the decode it was doing, and a new one starts for the next.
 */
import { readFile } from "node:fs/promises";
import type { Worker } from "node:worker_threads";
import sharp from "sharp";
import { startWorker } from "../workers/start-worker";
import { MAX_PHOTO_PIXELS } from "@poleatlas/shared";
import { ImageDecodeError } from "./image-processor";
import type { HeicAnswer, HeicRequest } from "./heic-worker";

export const RENDITION_QUALITY = 90;

/** A decode that takes longer is ended: a 12 MP photo takes 1-3 s on two busy cores. */
const DECODE_TIMEOUT_MS = 60_000;

interface Pending {
  resolve: (answer: HeicAnswer) => void;
}

export interface HeicDecoder {
  /**
   * Writes `src` (a HEIC) to `dest` as a JPEG of the same size; ImageDecodeError when it is no
   * readable HEIC or has more pixels than any photo we take.
   */
  toJpeg(src: string, dest: string): Promise<{ width: number; height: number }>;
}

export function createHeicDecoder(): HeicDecoder {
  let worker: Worker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let queue: Promise<unknown> = Promise.resolve();

  // Only the worker in use fails what is pending: a dead worker's late 'exit' (after its 'error')
  // must not fail the next worker's decode.
  const fail = (w: Worker, message: string) => {
    if (worker !== w) return;
    worker = null;
    void w.terminate();
    for (const [id, p] of pending) p.resolve({ id, error: message });
    pending.clear();
  };

  const start = (): Worker => {
    const w = startWorker(import.meta.url, "heic-worker", null);
    w.on("message", (answer: HeicAnswer) => {
      pending.get(answer.id)?.resolve(answer);
      pending.delete(answer.id);
      // An idle worker does not keep the process alive (the server's socket does).
      if (pending.size === 0) w.unref();
    });
    w.on("error", (err) => fail(w, `its worker failed (${err.message})`));
    w.on("exit", (code) => fail(w, `its worker stopped (${code})`));
    return w;
  };

  const decode = (bytes: Uint8Array<ArrayBuffer>): Promise<HeicAnswer> => {
    const w = (worker ??= start());
    w.ref();
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, { resolve });
      w.postMessage({ id, bytes } satisfies HeicRequest, [bytes.buffer]);
      // A file that keeps the decoder spinning would hold every later HEIC upload behind it.
      setTimeout(() => {
        if (pending.has(id)) fail(w, `it took more than ${DECODE_TIMEOUT_MS / 1000} s`);
      }, DECODE_TIMEOUT_MS).unref();
    });
  };

  async function toJpeg(src: string, dest: string) {
    // The header first: a photo too big to decode is refused before its pixels take memory.
    const header = await sharp(src)
      .metadata()
      .catch((err: unknown) => {
        throw new ImageDecodeError(err);
      });
    const pixels = (header.width ?? 0) * (header.height ?? 0);
    if (header.format !== "heif" || pixels === 0) throw new ImageDecodeError("not a HEIC image");
    if (pixels > MAX_PHOTO_PIXELS) throw new ImageDecodeError(`${pixels} pixels is more than any camera's`);
    const file = await readFile(src);
    const answer = await decode(new Uint8Array(file.buffer, file.byteOffset, file.byteLength));
    if ("error" in answer) throw new ImageDecodeError(answer.error);
    const { width, height, rgb } = answer;
    await sharp(rgb, { raw: { width, height, channels: 3 } })
      // Without the second pass that optimises the Huffman tables: 65 instead of 210 CPU ms at
      // 12 MP for a file 3.4 % bigger (bench/heic.ts).
      .jpeg({ quality: RENDITION_QUALITY, optimiseCoding: false })
      .toFile(dest);
    return { width, height };
  }

  return {
    // One at a time: the next photo's bytes are read only once the last one's pixels are gone.
    toJpeg(src, dest) {
      const run = queue.then(() => toJpeg(src, dest));
      queue = run.catch(() => {});
      return run;
    },
  };
}

let shared: HeicDecoder | null = null;

/** The process's decoder, started on first use and shared by every app built in it (tests build many). */
export function sharedHeicDecoder(): HeicDecoder {
  shared ??= createHeicDecoder();
  return shared;
}
