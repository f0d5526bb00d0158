/**
 * A photo placed by a track keeps what it knows itself: its compass bearing and lens. Between
 * two register poles 30 m apart, a camera without a position of its own stands midway on the
 * track; the pole it looks at is the one it joins, as when the position comes from its own GPS
 * (line-of-sight.test.ts). exiftool writes the bearing, focal length and capture time and takes
 * the GPS position out; gpsbabel writes the track.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { imageResponseSchema } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { azimuth, destination, inTempDir } from "../poles/locate-support";
import { photos, register, uploaded } from "../poles/sight-support";
import { gpsbabelGpx, match, uploadTrack } from "./support";

const run = promisify(execFile);
const t = useTestApp();
const owner = useSignedInUser(t);

describe("a photo placed by a track", () => {
  it("joins the register pole its compass bearing looks at", async () => {
    const west = { latitude: 41.2, longitude: -104.3 };
    const east = destination(west, 90, 30);
    const ids = await register(t, owner, { "TR-W": west, "TR-E": east });
    const middle = destination(west, 90, 15);
    const placed = await inTempDir(async (dir) => {
      const files = await photos(dir, [
        { at: middle, heading: azimuth(middle, east) },
        { at: middle, heading: azimuth(middle, west) },
      ]);
      // Taken at 10:00:00 UTC with a bearing and a lens, but no position of their own.
      await run("exiftool", [
        "-overwrite_original",
        "-GPSLatitude=",
        "-GPSLatitudeRef=",
        "-GPSLongitude=",
        "-GPSLongitudeRef=",
        "-OffsetTimeOriginal=+00:00",
        ...files,
      ]);
      const ids: string[] = [];
      for (const file of files) {
        const { image } = await uploaded(t, owner, file);
        expect(image.latitude).toBeNull();
        ids.push(image.id);
      }
      return ids;
    });
    // The crew stood midway from 09:59:50 to 10:00:10.
    const { bytes } = await gpsbabelGpx([
      { time: "2026-05-04T09:59:50Z", lat: middle.latitude, lon: middle.longitude },
      { time: "2026-05-04T10:00:10Z", lat: middle.latitude, lon: middle.longitude },
    ]);
    const track = await uploadTrack(t, owner.cookie, bytes);
    const result = await match(t, owner.cookie, track.id, { imageIds: placed });
    expect(result.skipped).toEqual([]);
    expect(result.placed.map((p) => p.imageId).sort()).toEqual([...placed].sort());
    for (const [i, id] of placed.entries()) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/images/${id}`,
        headers: { cookie: owner.cookie },
      });
      const { image } = imageResponseSchema.parse(res.json());
      expect(image.pole_id).toBe(i === 0 ? ids["TR-E"] : ids["TR-W"]);
      expect(image.heading).toBeCloseTo(i === 0 ? azimuth(middle, east) : azimuth(middle, west), 1);
    }
  });
});
