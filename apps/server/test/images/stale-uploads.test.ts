/** Start-up sweeps the temp files of uploads a crash interrupted, and nothing else. */
import { mkdir, readdir, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../helpers/app";
import { listFiles } from "../helpers/uploads";
import { makeDataDir } from "../helpers/server-process";

let t: TestApp | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("start-up", () => {
  it("removes upload-*, thumb-*, rendition-* and strip-* temp files, unzip-* and upload-*.lock folders older than six hours", async () => {
    dataDir = await makeDataDir("poleatlas-stale-uploads-");
    const tmp = path.join(dataDir, "tmp");
    await mkdir(path.join(tmp, "upload-a-folder"), { recursive: true });
    const sevenHoursAgo = new Date(Date.now() - 7 * 3600 * 1000);
    const file = async (name: string, mtime?: Date) => {
      await writeFile(path.join(tmp, name), "x");
      if (mtime) await utimes(path.join(tmp, name), mtime, mtime);
    };
    await file("upload-0b7c2d3e-crashed", sevenHoursAgo);
    await file("thumb-0b7c2d3e-crashed.webp", sevenHoursAgo);
    // A HEIC's JPEG and a photo's copy without its embedded images, cut short by the crash.
    await file("rendition-0b7c2d3e-crashed.jpg", sevenHoursAgo);
    await file("strip-0b7c2d3e-crashed.jpg", sevenHoursAgo);
    await file("upload-1f2e3d4c-running"); // an upload in flight in another process
    await file("thumb-1f2e3d4c-running.webp");
    await file("notes.txt", sevenHoursAgo); // not ours
    await utimes(path.join(tmp, "upload-a-folder"), sevenHoursAgo, sevenHoursAgo);
    // A zipped register's parts, unpacked by an import the crash cut short, and one still running.
    for (const [name, mtime] of [
      ["unzip-crashed", sevenHoursAgo],
      ["unzip-running", undefined],
    ] as const) {
      await mkdir(path.join(tmp, name));
      await file(`${name}/part.shp`, mtime);
      if (mtime) await utimes(path.join(tmp, name), mtime, mtime);
    }

    // The lock the SQLite binding takes on a GeoPackage it reads: left by the crash, and held now.
    await mkdir(path.join(tmp, "upload-0b7c2d3e-crashed.lock"));
    await utimes(path.join(tmp, "upload-0b7c2d3e-crashed.lock"), sevenHoursAgo, sevenHoursAgo);
    await mkdir(path.join(tmp, "upload-1f2e3d4c-running.lock"));

    t = await buildTestApp({ DATA_DIR: dataDir });

    expect(await listFiles(tmp)).toEqual([
      "notes.txt",
      "thumb-1f2e3d4c-running.webp",
      "unzip-running/part.shp",
      "upload-1f2e3d4c-running",
    ]);
    expect((await readdir(tmp)).filter((name) => name.endsWith(".lock"))).toEqual([
      "upload-1f2e3d4c-running.lock",
    ]);
    // Other folders are not ours to touch.
    expect(await listFiles(path.join(tmp, "upload-a-folder"))).toEqual([]);
    await expect(mkdir(path.join(tmp, "upload-a-folder"))).rejects.toMatchObject({ code: "EEXIST" });
  });
});
