/**
 * The face detector on worker threads. The detector's WASM engine runs on the thread that calls
 * it, single-threaded (TensorFlow.js keeps WASM threads off in Node): in the request thread a
 * 12 MP upload's scan held the event loop for 70–200 ms, and only one scan ran at a time. Here
 * each worker has its own engine and scans one image at a time; the request thread only hands
 * the small RGB copy over and waits, so sharp's work for the next photo and other requests go
 * on meanwhile. A worker that dies fails the scan it was doing (an upload error, not a hang)
 * and a new one starts for the next scan.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import {
  DEFAULT_DETECTOR_OPTIONS,
  type DetectorOptions,
  type FaceBox,
  type FaceDetector,
} from "./face-detector";
import type { DetectAnswer, DetectRequest } from "./face-worker";
import { startWorker } from "../workers/start-worker";

export interface DetectorPool extends FaceDetector {
  /** Workers at most. */
  readonly size: number;
  /** Stops the workers; scans still waiting or running fail. */
  close(): Promise<void>;
}

export interface PoolOptions extends DetectorOptions {
  /** Workers at most (default: one fewer than the cores, at least one: sharp needs a core too). */
  size?: number;
  /** The worker's script (default: face-worker next to this file); tests hand in others. */
  script?: URL;
}

interface Job {
  req: { rgb: Uint8Array<ArrayBuffer>; width: number; height: number };
  resolve: (faces: FaceBox[]) => void;
  reject: (err: Error) => void;
}

/** A face worker: `script` when a test hands one in, else face-worker next to this file. */
function startFaceWorker(workerData: DetectorOptions, script?: URL): Worker {
  if (script) return new Worker(script, { workerData });
  return startWorker(import.meta.url, "face-worker", workerData);
}

export function createDetectorPool(opts: PoolOptions = DEFAULT_DETECTOR_OPTIONS): DetectorPool {
  const size = Math.max(1, opts.size ?? availableParallelism() - 1);
  const detectorOptions: DetectorOptions = { scoreThreshold: opts.scoreThreshold, inputSize: opts.inputSize };
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  let started = 0;
  let nextId = 1;
  let closed = false;

  const retire = (worker: Worker, err: Error) => {
    const job = busy.get(worker);
    busy.delete(worker);
    const i = idle.indexOf(worker);
    if (i >= 0) idle.splice(i, 1);
    if (!job && i < 0) return; // already retired (an error is followed by an exit)
    started -= 1;
    job?.reject(err);
    dispatch();
  };

  const spawn = (): Worker => {
    const worker = startFaceWorker(detectorOptions, opts.script);
    started += 1;
    worker.on("message", (answer: DetectAnswer) => {
      const job = busy.get(worker);
      busy.delete(worker);
      if (job) {
        if ("error" in answer) job.reject(new Error(`Face scan failed: ${answer.error}`));
        else job.resolve(answer.faces);
      }
      idle.push(worker);
      // An idle worker does not keep the process alive (the server's socket does).
      worker.unref();
      dispatch();
    });
    worker.on("error", (err) =>
      retire(worker, new Error(`Face scan failed: ${err.message}`, { cause: err })),
    );
    worker.on("exit", (code) => retire(worker, new Error(`Face scan failed: its worker stopped (${code})`)));
    return worker;
  };

  function dispatch() {
    while (!closed && queue.length > 0) {
      const worker = idle.pop() ?? (started < size ? spawn() : undefined);
      if (!worker) return;
      const job = queue.shift()!;
      busy.set(worker, job);
      worker.ref();
      worker.postMessage({ id: nextId++, ...job.req } satisfies DetectRequest, [job.req.rgb.buffer]);
    }
  }

  return {
    size,
    inputSize: opts.inputSize,
    detect(rgb, width, height) {
      if (closed) return Promise.reject(new Error("Face scan failed: the detector is closed"));
      // A copy of its own to hand over (transferred, not cloned): the caller keeps its buffer.
      const copy = new Uint8Array(rgb);
      return new Promise((resolve, reject) => {
        queue.push({ req: { rgb: copy, width, height }, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("Face scan failed: the detector is closed"));
      const workers = [...idle, ...busy.keys()];
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

let shared: DetectorPool | null = null;

/**
 * The process's pool (default options), started on first use: like the engine, one per process,
 * so every app built in it (the tests build many) shares its warm workers. Idle workers do not
 * keep the process alive, so it needs no closing.
 */
export function sharedDetectorPool(): DetectorPool {
  shared ??= createDetectorPool();
  return shared;
}
