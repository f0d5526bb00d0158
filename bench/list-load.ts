/**
 * 6. List load: one user fires 60 parallel `GET /api/images` (1,000-photo pages) at a server whose
 * table holds 100k of their photos, while another user keeps using the API. Measures the server's
 * resident memory (peak while the burst runs, sampled from /proc) and the other user's latency
 * during the burst next to a quiet baseline: paged lists keep both bounded (the unpaged list was
 * ~50 MB of JSON per call at 100k rows).
 */
import { percentile, signedInClient, type Client } from "./lib/client";
import { withBenchServer } from "./lib/bench-server";
import { whileSamplingRss } from "./lib/rss";

export interface ListLoadResult {
  rows: number;
  parallelCalls: number;
  pageBytes: number;
  burstMs: number;
  rssBeforeMB: number;
  rssPeakMB: number;
  otherUser: {
    baselineP50Ms: number;
    baselineP95Ms: number;
    duringP50Ms: number;
    duringP95Ms: number;
    calls: number;
  };
}

async function timeCalls(client: Client, url: string, keepGoing: () => boolean, minCalls: number) {
  const ms: number[] = [];
  while (keepGoing() || ms.length < minCalls) {
    const t0 = performance.now();
    const res = await client.get(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b);
}

export async function benchListLoad(rows: number, parallelCalls = 60): Promise<ListLoadResult> {
  return withBenchServer("poleatlas-bench-list-", {}, async ({ server, database }) => {
    const busy = await signedInClient(server.url);
    const other = await signedInClient(server.url);
    await database.pool.query(
      `INSERT INTO utility_pole_images
         (user_id, storage_key, thumbnail_key, name, date, latitude, longitude, file_size, metadata)
       SELECT $1, 'bench/' || i || '.jpg', 'bench/' || i || '.webp', 'pole-' || i || '.jpg',
              date '2020-01-01' + (i % 1500), 40 + (i % 1000) * 0.001, -100 + (i / 1000) * 0.001, 2000000,
              jsonb_build_object('latitude', 40, 'longitude', -100, 'timestamp', '2020-01-01T00:00:00',
                                 'filename', 'pole-' || i || '.jpg', 'fileSize', 2000000,
                                 'fileType', 'image/jpeg', 'lastModified', null)
       FROM generate_series(1, $2::int) AS i`,
      [busy.userId, rows],
    );
    await database.pool.query("VACUUM ANALYZE utility_pole_images");
    const pid = server.child.pid!;
    const page = await busy.get("/api/images");
    const pageBytes = (await page.arrayBuffer()).byteLength;

    const baseline = await timeCalls(other, "/api/images", () => false, 30);
    let bursting = true;
    const { result, rssBeforeMB, rssPeakMB } = await whileSamplingRss(pid, 20, async () => {
      const t0 = performance.now();
      const burst = Promise.all(
        Array.from({ length: parallelCalls }, async () => {
          const res = await busy.get("/api/images");
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`burst: ${res.status}`);
        }),
      ).finally(() => (bursting = false));
      const during = timeCalls(other, "/api/images", () => bursting, 5);
      await burst;
      const burstMs = performance.now() - t0;
      return { burstMs, duringMs: await during };
    });
    const { burstMs, duringMs } = result;
    return {
      rows,
      parallelCalls,
      pageBytes,
      burstMs,
      rssBeforeMB,
      rssPeakMB,
      otherUser: {
        baselineP50Ms: percentile(baseline, 50),
        baselineP95Ms: percentile(baseline, 95),
        duringP50Ms: percentile(duringMs, 50),
        duringP95Ms: percentile(duringMs, 95),
        calls: duringMs.length,
      },
    };
  });
}
