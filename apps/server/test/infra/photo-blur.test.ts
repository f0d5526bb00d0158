/** Areas given in displayed pixels land on the right stored pixels for every EXIF orientation. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { photoGeometry, toStoredBox } from "../../src/infra/faces/photo-blur";

const dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-photo-blur-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("toStoredBox", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])("maps a displayed box for orientation %i", async (orientation) => {
    const file = path.join(dir, `o${orientation}.png`);
    // Stored pixels 60×40; orientations 5–8 display them 40×60.
    await writeFile(
      file,
      await sharp({ create: { width: 60, height: 40, channels: 3, background: "black" } })
        .withMetadata({ orientation })
        .png()
        .toBuffer(),
    );
    const g = await photoGeometry(file);
    const box = { x: 3, y: 5, width: 7, height: 11 };
    const s = toStoredBox(box, g);
    const painted = await sharp(file)
      .composite([
        {
          input: { create: { width: s.width, height: s.height, channels: 3, background: "white" } },
          left: s.x,
          top: s.y,
        },
      ])
      .withMetadata({ orientation })
      .png()
      .toBuffer();
    const { data, info } = await sharp(painted)
      .autoOrient()
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([g.width, g.height]);
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
        expect(data[y * info.width + x], `${x},${y}`).toBe(inside ? 255 : 0);
      }
    }
  });
});
