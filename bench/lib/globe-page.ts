/**
 * The page side of the globe benchmark: the hook the test build's map exposes under ?globeTestHook
 * (types shared with the page and the e2e tests in apps/web/src/globe/globe-types.ts), synthetic
 * records made in the page, and drawing/settling helpers (see bench/globe.ts for what is timed).
 */
import type { ImageRecord, RegionSummary } from "@poleatlas/shared";
import type { Page } from "@playwright/test";
import type {
  GlobeBenchHook,
  GlobeState,
  GlobeTestHook,
  MarkerRef,
} from "../../apps/web/src/globe/globe-types";

export type Ref = MarkerRef;
/** window.__poleatlasGlobe (the test build's hook), typed where the page defines it. */
export type PageGlobe = GlobeTestHook;
export type { GlobeState };
/** What the page keeps between evaluate calls. */
export interface PageBench {
  globe: PageGlobe;
  hook: GlobeBenchHook;
  region: RegionSummary;
  regions: RegionSummary[];
  photos: Record<number, ImageRecord[]>;
}
export type Win = { __poleatlasGlobe?: PageGlobe; __globeBench: PageBench };

/**
 * Runs in the page: deterministic synthetic records. Photos lie in region "13.4,52.5"'s 0.1° cell
 * (as the server groups them); regions on distinct 0.1° cells between 60° S and 70° N.
 */
export async function preparePage(sizes: { photos: number[]; regions: number }): Promise<void> {
  const w = globalThis as unknown as Win;
  let seed = 42;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0; // mulberry32
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const photo = (id: string, longitude: number, latitude: number): ImageRecord => ({
    id,
    user_id: "bench",
    image_url: `/files/bench/${id}.jpg`,
    thumbnail_url: `/files/bench/${id}.webp`,
    name: `${id}.jpg`,
    date: "2024-05-01",
    created_at: "2024-05-01T10:00:00.000000Z",
    latitude,
    longitude,
    metadata: {
      ...{ latitude, longitude, timestamp: "2024-05-01T10:00:00.000Z", filename: `${id}.jpg` },
      ...{ fileSize: 2_000_000, fileType: "image/jpeg", lastModified: null },
    },
    ...{ pole_id: `pole-${id}`, risk: null, notes: null, sha256: null, uploaded_by: null, rated_by: null },
  });
  const photos: Record<number, ImageRecord[]> = {};
  for (const n of sizes.photos) {
    photos[n] = Array.from({ length: n }, (_, i) =>
      photo(`p${n}-${i}`, 13.35 + random() * 0.0999, 52.45 + random() * 0.0999),
    );
  }
  const all = photos[Math.max(...sizes.photos)] ?? [];
  const lons = all.map((p) => p.longitude ?? 0);
  const lats = all.map((p) => p.latitude ?? 0);
  const bounds = { minLon: Math.min(...lons), minLat: Math.min(...lats) };
  const region: RegionSummary = {
    ...{ id: "13.4,52.5", name: "Region 1", longitude: 13.4, latitude: 52.5, count: all.length },
    bounds: { ...bounds, maxLon: Math.max(...lons), maxLat: Math.max(...lats) },
    risk: { high: 0, medium: 0, low: 0, unrated: all.length },
  };
  const taken = new Set<string>();
  const regions: RegionSummary[] = [];
  while (regions.length < sizes.regions) {
    const lon = Math.round(-1800 + random() * 3599) / 10;
    const lat = Math.round(-600 + random() * 1300) / 10;
    const id = `${lon},${lat}`;
    if (taken.has(id)) continue;
    taken.add(id);
    const b = { minLon: lon - 0.04, minLat: lat - 0.04, maxLon: lon + 0.04, maxLat: lat + 0.04 };
    const count = 1 + Math.floor(random() * 3000);
    const name = `Region ${regions.length + 1}`;
    const risk = { high: 0, medium: 0, low: 0, unrated: count };
    regions.push({ id, name, longitude: lon, latitude: lat, count, bounds: b, risk });
  }
  const globe = w.__poleatlasGlobe;
  if (!globe || typeof globe.benchHook !== "function") {
    throw new Error("this web build has no globe bench hook: serve the test build (npm run build:test)");
  }
  w.__globeBench = { globe, hook: await globe.benchHook(), region, regions, photos };
}

/** A change to the globe, applied in the page inside timeToDraw. */
export type Change = "regions" | "no regions" | "plus the region" | "region view" | { photos: number };

export function draw(page: Page, change: Change): Promise<{ changeMs: number; totalMs: number }> {
  return page.evaluate((c) => {
    const { globe, hook, region, regions, photos } = (globalThis as unknown as Win).__globeBench;
    return hook.timeToDraw(() => {
      if (c === "regions") globe.setRegions(regions);
      else if (c === "no regions") globe.setRegions([]);
      else if (c === "plus the region") globe.setRegions([...regions, region]);
      else if (c === "region view") globe.setMode({ mode: "region", regionId: region.id });
      else globe.setPhotos(photos[c.photos] ?? []);
    });
  }, change);
}

/**
 * Waits until no flight runs, the tiles are in and the app drew nothing for 500 ms (the bench's
 * tsconfig has no DOM types to share the e2e helper), then checks the markers are as set.
 */
export async function settle(page: Page, ok: (s: GlobeState) => boolean, what: string): Promise<GlobeState> {
  const deadline = Date.now() + 60_000;
  let last: GlobeState | undefined;
  let quietSince = Date.now();
  for (;;) {
    const s = await page.evaluate(() => (globalThis as unknown as Partial<Win>).__poleatlasGlobe?.state());
    if (!s || s.flying || !s.tilesLoaded || s.frames !== last?.frames) quietSince = Date.now();
    else if (Date.now() - quietSince > 500) {
      if (!ok(s)) throw new Error(`globe is not as expected for ${what}: ${JSON.stringify(s)}`);
      return s;
    }
    last = s;
    if (Date.now() > deadline) throw new Error(`globe did not settle for ${what}: ${JSON.stringify(s)}`);
    await page.waitForTimeout(100);
  }
}
