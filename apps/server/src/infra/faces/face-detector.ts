/**
 * Finds faces in a photo on the CPU, with nothing fetched at run time: face-api's tiny face
 * detector (its weights ship in the npm package, model/) on TensorFlow.js's WASM backend, whose
 * .wasm files are read from node_modules too. Both are located through Node's module resolution
 * from this file, which finds them the same way from src/ (dev, tests) and from dist/ (the built
 * server keeps npm packages external). tfjs-node is not used: its install downloads a library.
 *
 * The engine is one per process (TensorFlow.js keeps a global one), loaded on the first scan.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type * as FaceApiModule from "@vladmandic/face-api/dist/face-api.node-wasm.js";
import { turns } from "../images/turns";

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
  /** The network's input side: an image larger than this is shrunk to it first. */
  readonly inputSize: number;
  /** Faces in an RGB image (3 bytes a pixel, rows top to bottom). */
  detect(rgb: Buffer, width: number, height: number): Promise<FaceBox[]>;
}

type FaceApi = typeof FaceApiModule;

let engine: Promise<FaceApi> | null = null;

/** Where the package's files are on disk (its package.json's folder). */
export const packageDir = (name: string): string => path.dirname(require.resolve(`${name}/package.json`));

async function loadEngine(): Promise<FaceApi> {
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
  await api.nets.tinyFaceDetector.loadFromDisk(path.join(packageDir("@vladmandic/face-api"), "model"));
  return api;
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
  engine ??= loadEngine().catch((err: unknown) => {
    engine = null; // a later upload tries again rather than failing for ever
    throw err;
  });
  const api = await engine;
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
