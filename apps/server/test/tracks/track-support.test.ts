/**
 * The GPX maker the track tests share leaves nothing behind: its folder (the CSV of fixes, the
 * track, exiftool's copies) goes when the test that made it finishes.
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { gpsbabelGpx } from "./support";

describe("gpsbabelGpx", () => {
  let made = "";

  it("writes the track in a folder of its own", async () => {
    const { dir, gpx, bytes } = await gpsbabelGpx([
      { time: "2026-05-01T10:00:00Z", lat: 45.1, lon: 7.6 },
      { time: "2026-05-01T10:01:00Z", lat: 45.1001, lon: 7.6001 },
    ]);
    made = dir;
    expect(existsSync(gpx)).toBe(true);
    expect(bytes.toString()).toContain("<trkpt");
  });

  it("removes that folder once the test that made it finished", () => {
    expect(made).not.toBe("");
    expect(existsSync(made)).toBe(false);
  });
});
