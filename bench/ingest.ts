/**
 * 1. Ingest: generated 12 MP JPEGs with EXIF uploaded over HTTP on 127.0.0.1, K at a time, next
 * to a raw copy of the same bytes on the same disk and to sharp's thumbnail rate alone. Each
 * parallel stream is its own user, so the 50 MB quota never stops the run.
 */
import { spawn } from "node:child_process";
import { openAsBlob } from "node:fs";
import { copyFile, mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createImageProcessor } from "../apps/server/src/infra/images/image-processor";
import { benchServerEnv, signedInClient, switchBlurringOff } from "./lib/client";
import { noisyJpeg } from "./lib/photos";
import { freePort } from "../apps/server/src/infra/db/embedded-postgres";
import { fileBody, postBody, type MultipartBody } from "./lib/upload";
import { makeDataDir, repoRoot, startServer } from "./lib/server";

export interface IngestResult {
  photos: number;
  parallel: number;
  mbPerPhoto: number;
  uploadMBps: number;
  uploadPhotosPerSec: number;
  /** The same upload from bodies built beforehand, sent with node:http (see lib/upload.ts). */
  uploadPhotosPerSecLeanClient: number;
  /** The lean client again into workspaces with face blurring switched off (the setting). */
  uploadPhotosPerSecLeanClientBlurOff: number;
  /** Blurring on / off, lean client, passes in the order on, off, off, on against shared load. */
  ratioBlurOnToOff: number;
  /** The lean client against lib/upload-floor-server.ts: receive + thumbnail, nothing else. */
  floorPhotosPerSec: number;
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

  // sharp alone: the thumbnail step of an upload, one after another and K at a time (K decodes
  // at once: not held to one per core as the server holds them, the stricter baseline).
  const processor = createImageProcessor({ concurrency: parallel });
  t0 = performance.now();
  await runPool(files, parallel, (f) => processor.thumbnail(f, `${f}.${Math.random()}.webp`));
  const thumbSecs = (performance.now() - t0) / 1000;

  const bodies = new Map<string, MultipartBody>();
  for (const f of files) bodies.set(f, await fileBody(f));
  const postLean: Post = (url, cookie, f) => postBody(url, cookie, bodies.get(f)!);

  const server = await startServer({ dataDir: path.join(dir, "server"), env: benchServerEnv });
  let uploadSecs: number;
  let leanSecs: number;
  let leanOffSecs: number;
  try {
    uploadSecs = await uploadAll(server.url, files, parallel, postWithFetch);
    // The same files again, new users so nothing is a duplicate, with a client that costs the
    // shared cores less (lib/upload.ts): how much of the figure above is the bench's own client.
    leanSecs = await uploadAll(server.url, files, parallel, postLean);
    // Blurring off (each new user switches the setting first) next to on, in the order on, off,
    // off, on: a load that rises or falls over the run weighs on both alike.
    leanOffSecs = await uploadAll(server.url, files, parallel, postLean, true, false);
    leanOffSecs += await uploadAll(server.url, files, parallel, postLean, true, false);
    leanSecs += await uploadAll(server.url, files, parallel, postLean);
  } finally {
    await server.stop();
  }
  // Twice: the first pass warms it up as the lean pass above ran on a server the fetch pass warmed.
  const floor = await startFloorServer(path.join(dir, "floor"));
  try {
    await uploadAll(floor.url, files, parallel, postLean, false);
    const floorSecs = await uploadAll(floor.url, files, parallel, postLean, false);
    const mb = totalBytes / 1e6;
    return {
      photos,
      parallel,
      mbPerPhoto: mb / photos,
      uploadMBps: mb / uploadSecs,
      uploadPhotosPerSec: photos / uploadSecs,
      uploadPhotosPerSecLeanClient: (2 * photos) / leanSecs,
      uploadPhotosPerSecLeanClientBlurOff: (2 * photos) / leanOffSecs,
      ratioBlurOnToOff: leanOffSecs / leanSecs,
      floorPhotosPerSec: photos / floorSecs,
      rawCopyMBps: mb / rawSecs,
      ratioUploadToRawCopy: rawSecs / uploadSecs,
      thumbnailsPerSec: photos / thumbSecs,
    };
  } finally {
    floor.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function startFloorServer(dir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "bench/lib/upload-floor-server.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DIR: dir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the floor server exited (${code})`)));
    child.stdout.on("data", (c: Buffer) => {
      if (String(c).includes("ready")) resolve();
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

type Post = (url: string, cookie: string, file: string) => Promise<{ status: number; body: string }>;

/**
 * Seconds to upload every file, `parallel` streams, each its own fresh user (none against the
 * floor server, which has no users), one file after another; `blurFaces` false switches each
 * user's personal workspace to store photos unscanned first.
 */
async function uploadAll(
  baseUrl: string,
  files: string[],
  parallel: number,
  post: Post,
  signIn = true,
  blurFaces = true,
): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: parallel }, async () => {
      if (!signIn) return { cookie: "" };
      const client = await signedInClient(baseUrl);
      if (!blurFaces) await switchBlurringOff(baseUrl, client.cookie);
      return client;
    }),
  );
  const streams = clients.map((c, k) => ({ client: c, files: files.filter((_, i) => i % parallel === k) }));
  const t0 = performance.now();
  await Promise.all(
    streams.map(async ({ client, files: mine }) => {
      for (const f of mine) {
        const res = await post(`${baseUrl}/api/images`, client.cookie, f);
        if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.body}`);
      }
    }),
  );
  return (performance.now() - t0) / 1000;
}

async function postWithFetch(url: string, cookie: string, file: string) {
  const form = new FormData();
  form.append("lastModified", String(Date.now()));
  form.append("file", await openAsBlob(file, { type: "image/jpeg" }), path.basename(file));
  const res = await fetch(url, { method: "POST", headers: { cookie }, body: form });
  return { status: res.status, body: await res.text() };
}

async function runPool<T>(items: T[], size: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
