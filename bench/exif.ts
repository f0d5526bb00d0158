/**
 * 2. EXIF: readPhotoMetadata files/s in Node (Buffers) and in Chromium (Blobs, as the upload
 * dialog reads them), for 100 and 1,000 files. The photo is generated once (a noisy 2 MP JPEG with
 * GPS and date) and served to the page from 127.0.0.1; only the reading is timed.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { build } from "esbuild";
import { readPhotoMetadata } from "@poleatlas/shared/exif";
import { READ_BATCH_SIZE } from "../apps/web/src/features/upload/hooks/use-upload-items";
import { launchChromium } from "./lib/chromium";
import { noisyJpeg } from "./lib/photos";
import { repoRoot } from "./lib/server";

export interface ExifResult {
  files: number;
  bytesPerFile: number;
  nodeFilesPerSec: number;
  chromiumFilesPerSec: number;
  /** The same files read as the upload dialog reads them: READ_BATCH_SIZE at once. */
  chromiumBatchedFilesPerSec: number;
}

/** One noisy 2 MP JPEG with GPS and date (noise keeps it photo-sized); every file is a copy. */
async function makePhotos(count: number): Promise<Buffer[]> {
  const bytes = await noisyJpeg({
    width: 1600,
    height: 1200,
    sigma: 40,
    quality: 85,
    dateTimeOriginal: "2024:05:06 07:08:09",
    latitude: "40/1 26/1 4600/100",
    longitude: "79/1 58/1 5600/100",
  });
  return Array.from({ length: count }, () => bytes);
}

async function nodeRate(photos: Buffer[]): Promise<number> {
  await readPhotoMetadata(photos[0]!); // warm-up: module init and JIT
  const t0 = performance.now();
  for (const p of photos) await readPhotoMetadata(p);
  return photos.length / ((performance.now() - t0) / 1000);
}

async function bundleReader(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `import { readPhotoMetadata } from "./src/exif"; (globalThis as any).readPhotoMetadata = readPhotoMetadata;`,
      resolveDir: path.join(repoRoot, "packages/shared"),
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    platform: "browser",
    write: false,
  });
  return out.outputFiles[0]!.text;
}

async function chromiumRate(photos: Buffer[]): Promise<{ oneByOne: number; batched: number }> {
  const script = await bundleReader();
  const server = createServer((req, res) => {
    const m = /^\/photo\/(\d+)$/.exec(req.url ?? "");
    if (m) {
      res.writeHead(200, { "content-type": "image/jpeg" }).end(photos[Number(m[1])]);
    } else if (req.url === "/reader.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    } else {
      res.writeHead(200, { "content-type": "text/html" }).end('<script src="/reader.js"></script>');
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const chromium = await launchChromium();
  try {
    const page = await chromium.browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    return await page.evaluate(
      async ({ count, batch }) => {
        const read = (globalThis as unknown as { readPhotoMetadata: (b: Blob) => Promise<unknown> })
          .readPhotoMetadata;
        const blobs: File[] = [];
        for (let i = 0; i < count; i++) {
          const blob = await (await fetch(`/photo/${i}`)).blob();
          blobs.push(new File([blob], `p${i}.jpg`, { type: "image/jpeg", lastModified: Date.now() }));
        }
        await read(blobs[0]!);
        let t0 = performance.now();
        for (const b of blobs) await read(b);
        const oneByOne = count / ((performance.now() - t0) / 1000);
        t0 = performance.now();
        for (let i = 0; i < count; i += batch) await Promise.all(blobs.slice(i, i + batch).map(read));
        return { oneByOne, batched: count / ((performance.now() - t0) / 1000) };
      },
      { count: photos.length, batch: READ_BATCH_SIZE },
    );
  } finally {
    await chromium.close();
    server.close();
  }
}

export async function benchExif(counts: number[]): Promise<ExifResult[]> {
  const max = Math.max(...counts);
  const all = await makePhotos(max);
  const results: ExifResult[] = [];
  for (const n of counts) {
    const photos = all.slice(0, n);
    const chromium = await chromiumRate(photos);
    results.push({
      files: n,
      bytesPerFile: Math.round(photos.reduce((s, p) => s + p.length, 0) / n),
      nodeFilesPerSec: await nodeRate(photos),
      chromiumFilesPerSec: chromium.oneByOne,
      chromiumBatchedFilesPerSec: chromium.batched,
    });
  }
  return results;
}
