/**
 * Helpers for the "see the network at a glance" specs: photos seeded far apart or spread over a
 * region, and where things are on the canvas as a user sees it (in front of the globe).
 */
import type { Page } from "@playwright/test";
import type { ImageRecord, RegionSummary } from "@poleatlas/shared";
import { createConfirmedUser, signInContext } from "./auth";
import type { GlobeState } from "../../src/globe/globe-types";
import { listImages, listRegions, settle, uploadJpeg } from "./map-globe";

export const ROME = { latitude: 41.9009, longitude: 12.4833 };
export const SYDNEY = { latitude: -33.8688, longitude: 151.2093 };
/** A region's middle, and poles 3 km east, west and south of it (one region: 13.4,52.5). */
export const SPREAD_CENTRE = { latitude: 52.5195, longitude: 13.4005 };
const KM_LAT = 1 / 111.195;
const KM_LON = KM_LAT / Math.cos((SPREAD_CENTRE.latitude * Math.PI) / 180);
export const SPREAD = [
  SPREAD_CENTRE,
  { latitude: SPREAD_CENTRE.latitude, longitude: SPREAD_CENTRE.longitude + 3 * KM_LON },
  { latitude: SPREAD_CENTRE.latitude, longitude: SPREAD_CENTRE.longitude - 3 * KM_LON },
  { latitude: SPREAD_CENTRE.latitude - 3 * KM_LAT, longitude: SPREAD_CENTRE.longitude },
];

/** A fresh user with one photo in Rome and one in Sydney: two regions half a world apart. */
export async function seedFarApart(page: Page, baseURL: string): Promise<RegionSummary[]> {
  await signInContext(page.context(), await createConfirmedUser());
  await uploadJpeg(page.request, baseURL, "rome.jpg", { gps: ROME, dateTimeOriginal: "2024:01:01 09:00:00" });
  await uploadJpeg(page.request, baseURL, "sydney.jpg", {
    gps: SYDNEY,
    dateTimeOriginal: "2024:01:02 09:00:00",
  });
  return listRegions(page.request);
}

/** A fresh user with one photo at each SPREAD position; the photos come back in that order. */
export async function seedSpread(
  page: Page,
  baseURL: string,
): Promise<{ region: RegionSummary; photos: ImageRecord[] }> {
  await signInContext(page.context(), await createConfirmedUser());
  for (const [i, gps] of SPREAD.entries())
    await uploadJpeg(page.request, baseURL, `spread-${i}.jpg`, {
      gps,
      dateTimeOriginal: `2024:02:0${i + 1} 09:00:00`,
    });
  const [region] = await listRegions(page.request);
  const photos = await listImages(page.request, region!.id);
  return { region: region!, photos: SPREAD.map((_, i) => photos.find((p) => p.name === `spread-${i}.jpg`)!) };
}

/** Two poles 30 m apart in Zurich: so close that the marker cap draws only one of them. */
export const PAIR = [
  { latitude: 47.37, longitude: 8.54 },
  { latitude: 47.37 + 30 / 111_195, longitude: 8.54 },
];

/**
 * seedSpread's user, also with PAIR's photos (a region of their own, far from the spread one):
 * one sign-up for the tests that go on from region to region on one page.
 */
export async function seedSpreadAndPair(
  page: Page,
  baseURL: string,
): Promise<{ region: RegionSummary; photos: ImageRecord[]; pair: RegionSummary }> {
  const spread = await seedSpread(page, baseURL);
  for (const [i, gps] of PAIR.entries())
    await uploadJpeg(page.request, baseURL, `pair-${i}.jpg`, {
      gps,
      dateTimeOriginal: `2024:01:0${i + 1} 09:00:00`,
    });
  const pair = (await listRegions(page.request)).find((r) => r.id !== spread.region.id)!;
  return { ...spread, pair };
}

/**
 * Where each point is on the page (CSS pixels), or null when it is not seen: behind the globe,
 * or outside the canvas minus `margin` pixels on each side.
 */
export async function seenOnCanvas(
  page: Page,
  points: readonly { latitude: number; longitude: number }[],
  margin = 0,
): Promise<({ x: number; y: number } | null)[]> {
  const box = (await page.locator(".cesium-widget canvas").boundingBox())!;
  const at = await page.evaluate(
    (ps) => ps.map((p) => window.__poleatlasGlobe?.screenPositionOfPoint(p) ?? null),
    points.map(({ latitude, longitude }) => ({ latitude, longitude })),
  );
  return at.map((p) =>
    p && p.x >= margin && p.y >= margin && p.x <= box.width - margin && p.y <= box.height - margin
      ? { x: box.x + p.x, y: box.y + p.y }
      : null,
  );
}

/**
 * settle with room for a busy machine: software WebGL shared with other jobs has been seen
 * drawing a frame every few seconds.
 */
export const settleLong = (page: Page, ok?: (s: GlobeState) => boolean) => settle(page, ok, 150_000);

/**
 * Notes the camera's height on the first globe update that shows the overview again (from now
 * on); `overviewReturnHeight` reads it back once the user has zoomed out.
 */
export async function watchOverviewReturn(page: Page): Promise<void> {
  await page.evaluate(() => {
    const hook = window.__poleatlasGlobe!;
    const log: number[] = [];
    Object.assign(window, { __returnedAt: log });
    hook.onUpdate(() => {
      const s = hook.state();
      if (s.mode.mode === "overview" && log.length === 0) log.push(s.cameraHeight);
    });
  });
}

export const overviewReturnHeight = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __returnedAt: number[] }).__returnedAt[0]!);
