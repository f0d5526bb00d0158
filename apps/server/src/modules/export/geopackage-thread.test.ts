/** The GeoPackage writer's thread ending on its own (a crash) never leaves the export waiting. */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { GeopackageThread } from "./geopackage-thread";

let dir = "";
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the GeoPackage thread", () => {
  it("refuses the next step and closes when the thread died mid-export", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "gpkg-thread-"));
    const thread = new GeopackageThread({
      file: path.join(dir, "poles.gpkg"),
      table: "poles",
      fields: [{ name: "tag", type: "text" }],
      epsg: 4326,
    });
    await thread.open();
    // As an out-of-memory kill would end it: from outside, with no answer to anything.
    await (thread as unknown as { worker: Worker }).worker.terminate();
    await expect(thread.add([{ xy: [24.9, 60.1], values: ["P-1"] }])).rejects.toThrow(/closed|stopped/);
    await expect(thread.close()).resolves.toBeUndefined();
  });
});
