/**
 * 1. Ingest: generated 12 MP JPEGs with EXIF uploaded over HTTP on 127.0.0.1, K at a time, next
 * to a raw copy of the same bytes on the same disk and to sharp's thumbnail rate alone. Each
 * parallel stream is its own user, so the 50 MB quota never stops the run.
 */
import { copyFile, mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createImageProcessor } from "../apps/server/src/infra/images/image-processor";
import { benchServerEnv, signedInClient } from "./lib/client";
import { noisyJpeg } from "./lib/photos";
import { makeDataDir, startServer } from "./lib/server";

export interface IngestResult {
  photos: number;
  parallel: number;
  mbPerPhoto: number;
  uploadMBps: number;
  uploadPhotosPerSec: number;
  rawCopyMBps: number;
  ratioUploadToRawCopy: number;
  thumbnailsPerSec: number;
}

/** A 12 MP camera-sized JPEG with GPS and date. */
function makeLargePhoto(i: number): Promise<Buffer> {
  return noisyJpeg({
    width: 4000,
    height: 3000,
    sigma: 18,
    quality: 80,
    dateTimeOriginal: `2024:05:${String((i % 28) + 1).padStart(2, "0")} 10:00:00`,
    latitude: `45/1 ${i % 60}/1 0/1`,
    longitude: "73/1 30/1 0/1",
  });
}

export async function benchIngest(photos: number, parallel: number): Promise<IngestResult> {
  const dir = await makeDataDir("poleatlas-bench-ingest-");
  const srcDir = path.join(dir, "src");
  const copyDir = path.join(dir, "copy");
  await mkdir(srcDir);
  await mkdir(copyDir);
  const files: string[] = [];
  // Distinct files (not one reused buffer), so neither the copy nor the upload reads a warm cache twice.
  for (let i = 0; i < photos; i++) {
    const f = path.join(srcDir, `p${i}.jpg`);
    await writeFile(f, await makeLargePhoto(i));
    files.push(f);
  }
  const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size));
  const totalBytes = sizes.reduce((a, b) => a + b, 0);
  const perUserLimit = 52_428_800;
  const perStream = Math.ceil(photos / parallel);
  if (Math.max(...sizes) * perStream > perUserLimit) {
    throw new Error(`${perStream} photos per user would exceed the quota; raise the parallelism`);
  }

  // Raw copy of the same bytes on the same disk, the same K at a time.
  let t0 = performance.now();
  await runPool(files, parallel, (f) => copyFile(f, path.join(copyDir, path.basename(f))));
  const rawSecs = (performance.now() - t0) / 1000;

  // sharp alone: the thumbnail step of an upload, one after another and K at a time.
  const processor = createImageProcessor();
  t0 = performance.now();
  await runPool(files, parallel, (f) => processor.thumbnail(f, `${f}.${Math.random()}.webp`));
  const thumbSecs = (performance.now() - t0) / 1000;

  const server = await startServer({ dataDir: path.join(dir, "server"), env: benchServerEnv });
  try {
    const clients = await Promise.all(Array.from({ length: parallel }, () => signedInClient(server.url)));
    const { openAsBlob } = await import("node:fs");
    const streams = clients.map((c, k) => ({ client: c, files: files.filter((_, i) => i % parallel === k) }));
    t0 = performance.now();
    await Promise.all(
      streams.map(async ({ client, files: mine }) => {
        for (const f of mine) {
          const form = new FormData();
          form.append("lastModified", String(Date.now()));
          form.append("file", await openAsBlob(f, { type: "image/jpeg" }), path.basename(f));
          const res = await fetch(`${server.url}/api/images`, {
            method: "POST",
            headers: { cookie: client.cookie },
            body: form,
          });
          if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
        }
      }),
    );
    const uploadSecs = (performance.now() - t0) / 1000;
    const mb = totalBytes / 1e6;
    return {
      photos,
      parallel,
      mbPerPhoto: mb / photos,
      uploadMBps: mb / uploadSecs,
      uploadPhotosPerSec: photos / uploadSecs,
      rawCopyMBps: mb / rawSecs,
      ratioUploadToRawCopy: rawSecs / uploadSecs,
      thumbnailsPerSec: photos / thumbSecs,
    };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function runPool<T>(items: T[], size: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
