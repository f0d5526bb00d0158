/**
 * Helpers for the map e2e tests: seeding photos through the real API, and reading/driving the
 * globe through the test hook that the test build (dist-test) exposes on pages opened with
 * ?globeTestHook.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import type { ImageRecord, RegionSummary } from "@poleatlas/shared";
import type { GlobeState, GlobeTestHook, MarkerRef } from "../../src/globe/globe-types";
import { makeJpeg, makeLargePng, type PhotoSpec } from "./photo-fixtures";

declare global {
  interface Window {
    /** Set by test builds on pages opened with ?globeTestHook (src/globe/test-hook.ts). */
    __poleatlasGlobe?: GlobeTestHook;
  }
}

export async function uploadPhoto(
  request: APIRequestContext,
  baseURL: string,
  name: string,
  bytes: Buffer,
  mimeType = "image/jpeg",
): Promise<ImageRecord> {
  const res = await request.post("/api/images", {
    headers: { origin: baseURL },
    multipart: { file: { name, mimeType, buffer: bytes } },
  });
  if (res.status() !== 201) throw new Error(`upload of ${name} failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { image: ImageRecord }).image;
}

export async function uploadJpeg(
  request: APIRequestContext,
  baseURL: string,
  name: string,
  spec: PhotoSpec,
): Promise<ImageRecord> {
  return uploadPhoto(request, baseURL, name, await makeJpeg(spec));
}

export async function uploadLargePng(
  request: APIRequestContext,
  baseURL: string,
  name: string,
  bytes: number,
) {
  return uploadPhoto(request, baseURL, name, await makeLargePng(bytes), "image/png");
}

export async function listRegions(request: APIRequestContext): Promise<RegionSummary[]> {
  return ((await (await request.get("/api/regions")).json()) as { regions: RegionSummary[] }).regions;
}

/** One region's photos, as the map asks for them (the unbounded list is never used). */
export async function listImages(request: APIRequestContext, regionId: string): Promise<ImageRecord[]> {
  const res = await request.get(`/api/images?region=${encodeURIComponent(regionId)}`);
  return ((await res.json()) as { images: ImageRecord[] }).images;
}

export function globeState(page: Page): Promise<GlobeState> {
  return page.evaluate(() => {
    const hook = window.__poleatlasGlobe;
    if (!hook) throw new Error("globe test hook missing: open the page with ?globeTestHook");
    return hook.state();
  });
}

/** Waits until the globe matches `ok`, no flight runs, the tiles are in and frames stop coming. */
export async function settle(page: Page, ok: (s: GlobeState) => boolean = () => true, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last: GlobeState | undefined;
  let quietSince = 0;
  for (;;) {
    const s = await page.evaluate(() => window.__poleatlasGlobe?.state());
    if (s && ok(s) && !s.flying && s.tilesLoaded) {
      if (last && last.frames === s.frames) {
        if (Date.now() - quietSince > 700) return s;
      } else quietSince = Date.now();
    }
    last = s;
    if (Date.now() > deadline) throw new Error(`globe did not settle: ${JSON.stringify(s)}`);
    await page.waitForTimeout(150);
  }
}

/**
 * Waits until the globe's state matches `ok`, and no longer: for checks on what the globe was
 * given (markers set, their looks and labels, the selection, the mode). `settle` also waits for
 * the tiles and for the frames to stop, seconds of software rendering that only a check on the
 * picture (a click on the canvas, a position on screen, the camera after a flight) needs.
 * `ok` must not hold before the page has loaded its data (an empty globe also has 0 markers), and
 * must name the labels it expects: labels go to markers in view, so they follow the drawing.
 */
export async function globeShows(
  page: Page,
  ok: (s: GlobeState) => boolean,
  timeoutMs = 60_000,
): Promise<GlobeState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await page.evaluate(() => window.__poleatlasGlobe?.state());
    if (s && ok(s)) return s;
    if (Date.now() > deadline) throw new Error(`globe never showed what was expected: ${JSON.stringify(s)}`);
    await page.waitForTimeout(100);
  }
}

/** Clicks a marker with the real mouse on the canvas, where the globe says it is drawn. */
export async function clickMarkerOnCanvas(page: Page, ref: MarkerRef): Promise<void> {
  const canvas = page.locator(".cesium-widget canvas");
  const box = await canvas.boundingBox();
  const at = await page.evaluate((r) => window.__poleatlasGlobe?.screenPositionOf(r), ref);
  if (!box || !at) throw new Error(`marker ${JSON.stringify(ref)} is not on screen`);
  await page.mouse.click(box.x + at.x, box.y + at.y);
}

/** Taps a marker with a finger (touch emulation), where the globe says it is drawn. */
export async function tapMarkerOnCanvas(page: Page, ref: MarkerRef): Promise<void> {
  const canvas = page.locator(".cesium-widget canvas");
  const box = await canvas.boundingBox();
  const at = await page.evaluate((r) => window.__poleatlasGlobe?.screenPositionOf(r), ref);
  if (!box || !at) throw new Error(`marker ${JSON.stringify(ref)} is not on screen`);
  await page.touchscreen.tap(box.x + at.x, box.y + at.y);
}

/** Drives the globe as a click on a marker would (or on empty space with null). */
export async function clickMarkerByHook(page: Page, ref: MarkerRef | null): Promise<void> {
  await page.evaluate((r) => window.__poleatlasGlobe?.click(r), ref);
}
