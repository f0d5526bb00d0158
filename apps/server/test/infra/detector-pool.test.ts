/**
 * The face detector on worker threads answers scans of uploads in flight together with the same
 * boxes as the detector on the request thread, and a worker that dies fails its own scan (an
 * upload error) instead of leaving it waiting for ever; the next scan gets a new worker.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { makePhoto } from "@poleatlas/shared/testing";
import { afterAll, describe, expect, it } from "vitest";
import { createDetectorPool } from "../../src/infra/faces/detector-pool";
import { createFaceDetector, DEFAULT_DETECTOR_OPTIONS } from "../../src/infra/faces/face-detector";
import { createFaceScanner } from "../../src/infra/faces/face-scan";
import { astronautPhoto, distantFacePhoto } from "../helpers/faces";

const dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-detector-pool-"));
const pools: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  await rm(dir, { recursive: true, force: true });
});

const crashingWorker = new URL("../fixtures/crashing-face-worker.mjs", import.meta.url);

describe("the detector pool", () => {
  it("answers scans of several uploads at once with the boxes the request thread finds", async () => {
    const photos = [
      await astronautPhoto(),
      await astronautPhoto({ orientation: 6 }),
      (await distantFacePhoto()).bytes,
      (await makePhoto({ dateTimeOriginal: "2024:02:03 04:05:06" })).bytes,
    ];
    const files = await Promise.all(
      photos.map(async (bytes, i) => {
        const file = path.join(dir, `photo-${i}.jpg`);
        await writeFile(file, bytes);
        return file;
      }),
    );
    const pool = createDetectorPool({ ...DEFAULT_DETECTOR_OPTIONS, size: 2 });
    pools.push(pool);
    const inWorkers = createFaceScanner(pool);
    const here = createFaceScanner(createFaceDetector());

    const together = await Promise.all(files.map((f) => inWorkers.scan(f)));
    const expected = [];
    for (const f of files) expected.push(await here.scan(f));

    expect(together.map((s) => s.faces)).toEqual(expected.map((s) => s.faces));
    expect(together.map((s) => s.faces.length)).toEqual([1, 1, 1, 0]);
    // Two engines load and eight 12 MP-class scans run on a shared machine: no speed is asked for.
  }, 300_000);

  it("fails the scan of a worker that dies, and starts a new one for the next", async () => {
    const pool = createDetectorPool({ ...DEFAULT_DETECTOR_OPTIONS, size: 1, script: crashingWorker });
    pools.push(pool);
    const [dies, waits] = await Promise.allSettled([
      pool.detect(Buffer.alloc(3 * 3), 3, 1),
      pool.detect(Buffer.alloc(2 * 3), 2, 1),
    ]);
    expect(dies.status).toBe("rejected");
    expect((dies as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    expect(String((dies as PromiseRejectedResult).reason)).toContain("Face scan failed");
    // Queued behind the one that died: a new worker answers it.
    expect(waits).toEqual({ status: "fulfilled", value: [] });
  });
});
