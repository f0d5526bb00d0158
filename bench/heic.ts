/**
 * A 12 MP iPhone-sized HEIC (4032 × 3024, heif-enc, with grain so it weighs MBs like a camera's) to the JPEG rendition and the WebP thumbnail
 * an upload stores: the decode on its worker thread plus sharp's work, as the upload path runs
 * them. The first run starts the worker and libheif's wasm; it is reported apart from the warm
 * runs. Run alone: `npx tsx bench/heic.ts` (target: warm ≤ 1.5 s).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { makeHeic } from "@poleatlas/shared/testing/heic";
import { createHeicDecoder } from "../apps/server/src/infra/images/heic-decoder";
import { createImageProcessor } from "../apps/server/src/infra/images/image-processor";

export interface HeicResult {
  megapixels: number;
  heicBytes: number;
  firstMs: number;
  /** Median of the warm runs. */
  warmMs: number;
  /** CPU ms of a warm run (all threads): less swayed by other processes on a shared machine. */
  warmCpuMs: number;
  runs: number;
}

export async function benchHeic(
  opts: { width?: number; height?: number; runs?: number } = {},
): Promise<HeicResult> {
  const { width = 4032, height = 3024, runs = 3 } = opts;
  const dir = await mkdtemp(path.join(tmpdir(), "bench-heic-"));
  try {
    const src = path.join(dir, "photo.heic");
    const bytes = await makeHeic({ width, height, quality: 50, noise: true });
    await writeFile(src, bytes);
    const decoder = createHeicDecoder();
    const images = createImageProcessor();
    let cpuMs = 0;
    const once = async (i: number) => {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const jpeg = path.join(dir, `r${i}.jpg`);
      await decoder.toJpeg(src, jpeg);
      await images.thumbnail(jpeg, path.join(dir, `t${i}.webp`));
      const used = process.cpuUsage(cpu);
      cpuMs = (used.user + used.system) / 1000;
      return performance.now() - start;
    };
    const firstMs = await once(0);
    const warm: number[] = [];
    let warmCpu = 0;
    for (let i = 1; i <= runs; i += 1) {
      warm.push(await once(i));
      warmCpu += cpuMs;
    }
    warm.sort((a, b) => a - b);
    return {
      megapixels: (width * height) / 1e6,
      heicBytes: bytes.length,
      firstMs,
      warmMs: warm[Math.floor(warm.length / 2)]!,
      warmCpuMs: warmCpu / runs,
      runs,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const r = await benchHeic();
  console.log(
    `HEIC ${r.megapixels.toFixed(1)} MP (${(r.heicBytes / 1024).toFixed(0)} KiB) → JPEG + thumbnail: ` +
      `first ${r.firstMs.toFixed(0)} ms, warm median ${r.warmMs.toFixed(0)} ms of ${r.runs} ` +
      `(${r.warmCpuMs.toFixed(0)} CPU ms each)`,
  );
  process.exit(0);
}
