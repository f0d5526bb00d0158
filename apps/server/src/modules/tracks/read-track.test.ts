/** A long track is read with the event loop turning: /api/health answers meanwhile. */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readTrackStream } from "./read-track";

const POINTS = 200_000;

describe("reading a long GeoJSON track", () => {
  it("lets the event loop turn while it reads its points' times, in time order, one an instant", async () => {
    const start = Date.UTC(2026, 4, 4);
    const coordinates: number[][] = [];
    const times: string[] = [];
    for (let i = 0; i < POINTS; i++) {
      coordinates.push([24.9 + i * 1e-6, 60.1 + i * 1e-6]);
      // Every thousandth instant is written twice: the later point stays.
      times.push(new Date(start + (i - (i % 1000 === 1 ? 1 : 0)) * 1000).toISOString());
    }
    const doc = {
      type: "Feature",
      properties: { coordTimes: times },
      geometry: { type: "LineString", coordinates },
    };
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    let read;
    try {
      read = await readTrackStream(Readable.from([Buffer.from(JSON.stringify(doc))]));
    } finally {
      clearInterval(ticker);
    }
    expect(read.points.length).toBe(POINTS - POINTS / 1000);
    expect(read.points[0]).toEqual([start, 60.1 + 1e-6, 24.9 + 1e-6]);
    expect(read.points.every((p, i) => i === 0 || p[0] > read.points[i - 1]![0])).toBe(true);
    // Read in one go, the loop took no turn; in 20 ms slices, as many as the machine's speed makes.
    expect(turns).toBeGreaterThan(0);
  });
});
