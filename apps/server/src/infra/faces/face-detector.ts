/**
 * Finds faces in a photo on the CPU, with nothing fetched at run time: face-api's tiny face
 * detector (its weights ship in the npm package, model/; run by tiny-face-net.ts, at the photo's
 * own aspect ratio instead of face-api's square) on TensorFlow.js's WASM backend, whose
 * .wasm files are read from node_modules too. Both are located through Node's module resolution
 * from this file, which finds them the same way from src/ (dev, tests) and from dist/ (the built
 * server keeps npm packages external). tfjs-node is not used: its install downloads a library.
 *
 * The engine is one per process (TensorFlow.js keeps a global one), loaded on the first scan.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type * as TfModule from "@tensorflow/tfjs";
import type * as FaceApiModule from "@vladmandic/face-api/dist/face-api.node-wasm.js";
import { turns } from "../images/turns";
import { createTinyFaceNet, decodeGrid, type TinyFaceNet, type TinyFaceParams } from "./tiny-face-net";

const require = createRequire(import.meta.url);

/** A face in pixels of the image it was found in. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

export interface DetectorOptions {
  /** Boxes scored below this are dropped (docs/benchmarks.md "Face blurring" measured it). */
  scoreThreshold: number;
  /** The network's input side (a multiple of 32): larger finds smaller faces, and costs more. */
  inputSize: number;
}

export const DEFAULT_DETECTOR_OPTIONS: DetectorOptions = { scoreThreshold: 0.3, inputSize: 416 };

export interface FaceDetector {
  /** The network's input side: an image's longest side is scaled to it first. */
  readonly inputSize: number;
  /** Faces in an RGB image (3 bytes a pixel, rows top to bottom). */
  detect(rgb: Buffer, width: number, height: number): Promise<FaceBox[]>;
}

type FaceApi = typeof FaceApiModule;
type Tf = typeof TfModule;

export interface FaceEngine {
  tf: Tf;
  /** face-api itself: it loads the weights; its own detection is the reference the tests and the bench compare with. */
  api: FaceApi;
  net: TinyFaceNet;
}

let engine: Promise<FaceEngine> | null = null;

/** Where the package's files are on disk (its package.json's folder). */
export const packageDir = (name: string): string => path.dirname(require.resolve(`${name}/package.json`));

async function loadEngine(): Promise<FaceEngine> {
  const wasm = await import("@tensorflow/tfjs-backend-wasm");
  // A folder path ending in '/': the backend joins it with the .wasm file name it picks.
  wasm.setWasmPaths(`${path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist")}${path.sep}`);
  // The package's Node build for the WASM backend (CommonJS: its exports may arrive as `default`).
  const faceapi: FaceApi = await import("@vladmandic/face-api/dist/face-api.node-wasm.js");
  const api = (faceapi as FaceApi & { default?: FaceApi }).default ?? faceapi;
  // face-api requires this same package: the backend set here is the one it runs on.
  const tf = await import("@tensorflow/tfjs");
  await tf.setBackend("wasm");
  await tf.ready();
  const detector = api.nets.tinyFaceDetector;
  await detector.loadFromDisk(path.join(packageDir("@vladmandic/face-api"), "model"));
  return { tf, api, net: createTinyFaceNet(tf, detector.params as unknown as TinyFaceParams) };
}

/** The engine of this thread, loaded on first use (~1 s). */
export function faceEngine(): Promise<FaceEngine> {
  engine ??= loadEngine().catch((err: unknown) => {
    engine = null; // a later upload tries again rather than failing for ever
    throw err;
  });
  return engine;
}

/**
 * The detector on the calling thread (detector-pool.ts runs it on worker threads); the first call
 * loads the engine and the weights (~1 s).
 */
export function createFaceDetector(opts: DetectorOptions = DEFAULT_DETECTOR_OPTIONS): FaceDetector {
  // The WASM engine works on the calling thread: one scan at a time keeps the others' requests moving.
  const inTurn = turns(1);
  return {
    inputSize: opts.inputSize,
    detect: (rgb, width, height) => inTurn(() => detectOnThisThread(opts, rgb, width, height)),
  };
}

async function detectOnThisThread(
  opts: DetectorOptions,
  rgb: Buffer,
  width: number,
  height: number,
): Promise<FaceBox[]> {
  const { tf, net } = await faceEngine();
  // The longest side at the network's input side, as face-api scales its square (the scanner
  // hands over images already at that size: sharp shrinks better than the network's bilinear).
  const scale = opts.inputSize / Math.max(width, height);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  let pixels: Uint8Array | Float32Array = new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length);
  if (w !== width || h !== height) {
    const resized = tf.tidy(() =>
      tf.image.resizeBilinear(tf.tensor3d(pixels, [height, width, 3], "int32"), [h, w]),
    );
    pixels = (await resized.data()) as Float32Array;
    resized.dispose();
  }
  const grid = await net.run(pixels, w, h);
  return decodeGrid(grid, opts.scoreThreshold).map((b) => ({
    x: b.x * (width / w),
    y: b.y * (height / h),
    width: b.width * (width / w),
    height: b.height * (height / h),
    score: b.score,
  }));
}

/**
 * Faces found by face-api's own detection (its square input and its forward pass), in the same
 * form: what the detector did before tiny-face-net.ts; the tests and the bench compare with it.
 */
export async function detectWithFaceApi(
  opts: DetectorOptions,
  rgb: Buffer,
  width: number,
  height: number,
): Promise<FaceBox[]> {
  const { api } = await faceEngine();
  const input = api.tf.tensor3d(
    new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length),
    [height, width, 3],
    "int32",
  );
  try {
    const found = await api.detectAllFaces(
      input,
      new api.TinyFaceDetectorOptions({ inputSize: opts.inputSize, scoreThreshold: opts.scoreThreshold }),
    );
    return found.map((d) => ({
      x: d.box.x,
      y: d.box.y,
      width: d.box.width,
      height: d.box.height,
      score: d.score,
    }));
  } finally {
    input.dispose();
  }
}
