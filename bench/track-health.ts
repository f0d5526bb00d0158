/**
 * `/api/health` while a large GPS track is read and used: a GeoJSON day of BENCH_TRACK_POINTS
 * points (default 430,000, ~30 MB) is uploaded, then a photo taken during it is placed by it
 * (the stored points, ~15 MB of JSON, parsed again), while /api/health is asked every 50 ms.
 * Run alone after `npm run build -w apps/server`: `npx tsx bench/track-health.ts`.
 */
import sharp from "sharp";
import { withBenchServer } from "./lib/bench-server";
import { signedInClient, switchBlurringOff } from "./lib/client";
import { probeHealth, type HealthFigures } from "./lib/health-probe";

export interface TrackHealthResult {
  points: number;
  fileMB: number;
  uploadMs: number;
  matchMs: number;
  upload: HealthFigures;
  match: HealthFigures;
}

/** A day from 2024-06-02T00:00Z at one point every `step` ms, as togeojson writes it. */
function dayTrack(points: number): Buffer {
  const start = Date.parse("2024-06-02T00:00:00Z");
  const step = Math.floor(86_400_000 / points);
  const times: string[] = [];
  const coordinates: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    times.push(new Date(start + i * step).toISOString());
    coordinates.push([+(-0.1 + i * 1e-7).toFixed(7), +(51 + i * 2e-7).toFixed(7)]);
  }
  const feature = {
    type: "Feature",
    properties: { name: "Day", coordTimes: times },
    geometry: { type: "LineString", coordinates },
  };
  return Buffer.from(JSON.stringify(feature));
}

export function benchTrackHealth(points: number): Promise<TrackHealthResult> {
  return withBenchServer("poleatlas-bench-track-", {}, async ({ server }) => {
    const client = await signedInClient(server.url);
    await switchBlurringOff(server.url, client.cookie);
    const post = (path: string, body: FormData | string, json = false) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: {
          cookie: client.cookie,
          origin: server.url,
          ...(json ? { "content-type": "application/json" } : {}),
        },
        body,
      });
    // A photo taken at noon with no position: the track's to place.
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#456" } })
      .jpeg()
      .withExif({ IFD2: { DateTimeOriginal: "2024:06:02 12:00:00", OffsetTimeOriginal: "+00:00" } })
      .toBuffer();
    const photoForm = new FormData();
    photoForm.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "noon.jpg");
    const photoRes = await post("/api/images", photoForm);
    if (!photoRes.ok) throw new Error(`photo: ${photoRes.status} ${await photoRes.text()}`);

    const file = dayTrack(points);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(file)], { type: "application/geo+json" }), "day.geojson");
    let health = probeHealth(server.url);
    let t0 = performance.now();
    const up = await post("/api/tracks", form);
    const uploaded = (await up.json()) as { track?: { id: string } };
    const uploadMs = performance.now() - t0;
    const upload = await health.stop();
    if (!up.ok || !uploaded.track) throw new Error(`track: ${up.status} ${JSON.stringify(uploaded)}`);

    health = probeHealth(server.url);
    t0 = performance.now();
    const m = await post(`/api/tracks/${uploaded.track.id}/match`, JSON.stringify({}), true);
    const matched = (await m.json()) as { placed?: unknown[] };
    const matchMs = performance.now() - t0;
    const match = await health.stop();
    if (!m.ok || matched.placed?.length !== 1)
      throw new Error(`match: ${m.status} ${JSON.stringify(matched)}`);
    return { points, fileMB: file.length / 2 ** 20, uploadMs, matchMs, upload, match };
  });
}

if (process.argv[1]?.endsWith("track-health.ts")) {
  console.log(
    JSON.stringify(await benchTrackHealth(Number(process.env.BENCH_TRACK_POINTS ?? 430_000)), null, 2),
  );
}
