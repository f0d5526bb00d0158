/**
 * How close a pole located from bearings comes to where it stands. Four photos 8.5–12.8 m from the
 * pole on one side of the street; in each of 40 trials (seeded) every camera's GPS is off by
 * σ 3 m per axis and its compass by σ 3°. All 160 photos are written by one exiftool run and read
 * back by the server's own EXIF reader and sharp; the geometry module then fits them with the same
 * stated errors. (The upload path and the route are exercised with exact data in
 * pole-locate.test.ts.) The camera positions' mean, what a pole made from these photos would
 * stand on, is the comparison.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { readPhotoMetadata } from "@poleatlas/shared/exif";
import sharp from "sharp";
import { expect, it } from "vitest";
import { fitRays, focalPixels, markBearing, toLocal } from "../../src/modules/poles/locate/locate-math";
import {
  AIM_OFF_DEG,
  azimuth,
  CAMERAS,
  distance,
  inTempDir,
  offset,
  POLE,
  seeded,
  shot,
  writeShots,
} from "./locate-support";

const TRIALS = 40;
const ERRORS = { gpsM: 3, compassDeg: 3 };

it("locates poles within 3.5 m (median) from four noisy photos, the truth inside its 90 % circle", async () => {
  const random = seeded(46_2026);
  const results = await inTempDir(async (dir) => {
    const trials = Array.from({ length: TRIALS }, (_, trial) =>
      CAMERAS.map((c, i) => {
        const at = offset(POLE, c.east, c.north);
        const gpsOff = { east: random.normal(ERRORS.gpsM), north: random.normal(ERRORS.gpsM) };
        const aim = azimuth(at, POLE) + AIM_OFF_DEG[i]! + random.normal(5);
        return shot(path.join(dir, `t${trial}-${i}.jpg`), at, aim, gpsOff, random.normal(ERRORS.compassDeg));
      }),
    );
    await writeShots(dir, trials.flat());

    const out: { error: number; uncertainty: number; cameraMeanError: number }[] = [];
    for (const shots of trials) {
      // What the server knows of each photo: its EXIF as read back, its size as sharp reads it.
      const read = await Promise.all(
        shots.map(async (s) => {
          const bytes = await readFile(s.file);
          const { width = 0, height = 0 } = await sharp(bytes).metadata();
          return { reading: await readPhotoMetadata(bytes), optics: { width, height }, x: s.x };
        }),
      );
      const origin = { latitude: read[0]!.reading.latitude!, longitude: read[0]!.reading.longitude! };
      const local = toLocal(origin);
      const rays = read.map(({ reading, optics, x }, i) => {
        const f = focalPixels({ ...optics, ...reading.lens })!;
        return {
          id: String(i),
          from: local.point(reading.latitude!, reading.longitude!),
          bearingDeg: markBearing(reading.heading!, x, optics.width, f),
        };
      });
      const fit = fitRays(rays, ERRORS);
      if (typeof fit === "string") throw new Error(`trial without a fit: ${fit}`);
      const mean = local.place({
        east: rays.reduce((sum, r) => sum + r.from.east, 0) / rays.length,
        north: rays.reduce((sum, r) => sum + r.from.north, 0) / rays.length,
      });
      out.push({
        error: distance(local.place(fit.at), POLE),
        uncertainty: fit.uncertaintyM,
        cameraMeanError: distance(mean, POLE),
      });
    }
    return out;
  });

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  };
  const medianError = median(results.map((r) => r.error));
  const inside = results.filter((r) => r.error <= r.uncertainty).length / results.length;
  const cameraMean = results.reduce((sum, r) => sum + r.cameraMeanError, 0) / results.length;
  console.info(
    `locate accuracy over ${TRIALS} trials: median error ${medianError.toFixed(2)} m, ` +
      `truth inside uncertainty ${(inside * 100).toFixed(0)} %, ` +
      `median uncertainty ${median(results.map((r) => r.uncertainty)).toFixed(2)} m, ` +
      `camera positions' mean ${cameraMean.toFixed(2)} m off`,
  );
  expect(medianError).toBeLessThanOrEqual(3.5);
  expect(inside).toBeGreaterThanOrEqual(0.8);
  expect(cameraMean).toBeGreaterThan(2 * medianError);
});
