/**
 * The page side of the globe benchmark: the hook the test build's map exposes under ?globeTestHook
 * (types shared with the page and the e2e tests in apps/web/src/globe/globe-types.ts), synthetic
 * records made in the page, and drawing/settling helpers (see bench/globe.ts for what is timed).
 */
import type { PoleMarkers, RegionSummary } from "@poleatlas/shared";
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
  /** The region's poles by count, in the compact form the map gets (GET /api/poles?region=). */
  poles: Record<number, PoleMarkers>;
}
export type Win = { __poleatlasGlobe?: PageGlobe; __globeBench: PageBench };

/**
 * Runs in the page: deterministic synthetic records. Poles (one photo each, unrated, no label) lie
 * in region "13.4,52.5"'s 0.1° cell (as the server groups them), handed over in the compact form
 * the region view draws; regions on distinct 0.1° cells between 60° S and 70° N.
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
  const poles: Record<number, PoleMarkers> = {};
  for (const n of sizes.photos) {
    const p: PoleMarkers = { ids: [], latitudes: [], longitudes: [], risks: [], counts: [], labels: {} };
    for (let i = 0; i < n; i++) {
      // Longitude first, then latitude: the same random sequence as the photos the bench fed when the map drew photos.
      p.longitudes.push(Math.round((13.35 + random() * 0.0999) * 1e6) / 1e6);
      p.latitudes.push(Math.round((52.45 + random() * 0.0999) * 1e6) / 1e6);
      p.ids.push(`p${n}-${i}`);
      p.risks.push(0); // unrated
      p.counts.push(1);
    }
    poles[n] = p;
  }
  const all = poles[Math.max(...sizes.photos)] ?? { longitudes: [], latitudes: [] };
  const lons = all.longitudes;
  const lats = all.latitudes;
  const bounds = { minLon: Math.min(...lons), minLat: Math.min(...lats) };
  const region: RegionSummary = {
    ...{ id: "13.4,52.5", name: "Region 1", longitude: 13.4, latitude: 52.5, count: lons.length },
    bounds: { ...bounds, maxLon: Math.max(...lons), maxLat: Math.max(...lats) },
    risk: { high: 0, medium: 0, low: 0, unrated: lons.length },
    overdue: 0,
    inspectionDue: { due: 0, overdue: 0, never: 0 },
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
    const inspection = { overdue: 0, inspectionDue: { due: 0, overdue: 0, never: 0 } };
    regions.push({ id, name, longitude: lon, latitude: lat, count, bounds: b, risk, ...inspection });
  }
  const globe = w.__poleatlasGlobe;
  if (!globe || typeof globe.benchHook !== "function") {
    throw new Error("this web build has no globe bench hook: serve the test build (npm run build:test)");
  }
  w.__globeBench = { globe, hook: await globe.benchHook(), region, regions, poles };
}

/** A change to the globe, applied in the page inside timeToDraw (`photos`: that many poles). */
export type Change = "regions" | "no regions" | "plus the region" | "region view" | { photos: number };

export function draw(page: Page, change: Change): Promise<{ changeMs: number; totalMs: number }> {
  return page.evaluate((c) => {
    const { globe, hook, region, regions, poles } = (globalThis as unknown as Win).__globeBench;
    return hook.timeToDraw(() => {
      if (c === "regions") globe.setRegions(regions);
      else if (c === "no regions") globe.setRegions([]);
      else if (c === "plus the region") globe.setRegions([...regions, region]);
      else if (c === "region view") globe.setMode({ mode: "region", regionId: region.id });
      else globe.setPoles(poles[c.photos] ?? null);
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
