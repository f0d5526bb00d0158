/**
 * Face blurring with several uploads in flight, as a server sees a batch: photos/s of the
 * thumbnail step alone (blurring off) against scan + thumbnail from the scan's copy (on, no face)
 * with the detector on the request thread and on worker threads (detector-pool.ts: its default
 * size, and one worker per core), with 2 and 4 photos at once; and how long the event loop (the
 * request thread) was held meanwhile.
 */
import { availableParallelism } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import path from "node:path";
import { createDetectorPool, type DetectorPool } from "../apps/server/src/infra/faces/detector-pool";
import { createFaceDetector, DEFAULT_DETECTOR_OPTIONS } from "../apps/server/src/infra/faces/face-detector";
import { createFaceScanner, type FaceScanner } from "../apps/server/src/infra/faces/face-scan";
import { createImageProcessor } from "../apps/server/src/infra/images/image-processor";

export interface InFlightVariant {
  /** "off": thumbnail alone; "request thread": detector in the caller; "N workers": the pool. */
  name: string;
  perSec: number;
  /** Photos/s as a share of off's. */
  ratio: number;
  /** The event loop's longest stall (ms) while its batches ran. */
  loopStallMs: number;
}

export interface InFlightRow {
  inFlight: number;
  variants: InFlightVariant[];
}

/** `files`: 12 MP photos without a face; each batch scans `batch` of them, `inFlight` at once. */
export async function benchInFlight(files: string[], dir: string, quick: boolean): Promise<InFlightRow[]> {
  const processor = createImageProcessor(); // one thumbnail per core, as the server
  const defaultPool = createDetectorPool();
  const pools: DetectorPool[] = [defaultPool];
  if (availableParallelism() !== defaultPool.size) {
    pools.push(createDetectorPool({ ...DEFAULT_DETECTOR_OPTIONS, size: availableParallelism() }));
  }
  const out = () => path.join(dir, `t-${Math.random()}`);
  const on = (s: FaceScanner) => async (f: string) => {
    await processor.thumbnail(f, out(), (await s.scan(f)).preview);
  };
  const kinds: { name: string; work: (f: string) => Promise<unknown> }[] = [
    { name: "off", work: (f) => processor.thumbnail(f, out()) },
    { name: "request thread", work: on(createFaceScanner(createFaceDetector())) },
    ...pools.map((p) => ({
      name: `${p.size} worker${p.size > 1 ? "s" : ""}`,
      work: on(createFaceScanner(p)),
    })),
  ];
  const batch = quick ? 8 : 16;
  const rounds = quick ? 2 : 3;
  const runBatch = async (work: (f: string) => Promise<unknown>, inFlight: number) => {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < batch) await work(files[next++ % files.length]!);
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    loop.disable();
    return { secs, stallMs: loop.max / 1e6 };
  };
  try {
    for (const k of kinds) await runBatch(k.work, 2); // warm-up: the engines load
    const rows: InFlightRow[] = [];
    for (const inFlight of [2, 4]) {
      const secs = kinds.map(() => 0);
      const stall = kinds.map(() => 0);
      // In turn each round, so a load that comes and goes weighs on all alike.
      for (let r = 0; r < rounds; r++) {
        for (const [i, k] of kinds.entries()) {
          const b = await runBatch(k.work, inFlight);
          secs[i]! += b.secs;
          stall[i] = Math.max(stall[i]!, b.stallMs);
        }
      }
      const perSec = secs.map((s) => (batch * rounds) / s);
      rows.push({
        inFlight,
        variants: kinds.map((k, i) => ({
          name: k.name,
          perSec: perSec[i]!,
          ratio: perSec[i]! / perSec[0]!,
          loopStallMs: stall[i]!,
        })),
      });
    }
    return rows;
  } finally {
    await Promise.all(pools.map((p) => p.close()));
  }
}
