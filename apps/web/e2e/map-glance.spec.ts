/**
 * The network at a glance on a 1440×900 desktop: the first view and Home frame every region, a
 * region opens with all its poles in view, zooming out past 10,000 m returns to the overview
 * where the camera is, the legend filters the overview too, and a pole the marker cap leaves
 * undrawn is still reached by a click on its spot.
 */
import type { Page } from "@playwright/test";
import { RISK_COLORS } from "@poleatlas/shared";
import { globeShows, globeState } from "./support/map-globe";
import {
  ROME,
  SPREAD,
  SYDNEY,
  overviewReturnHeight,
  seedFarApart,
  seedSpreadAndPair,
  seenOnCanvas,
  settleLong,
  watchOverviewReturn,
} from "./support/glance";
import { listImages } from "./support/map-globe";
import { openOnJourneyPage } from "./support/in-app";
import { expect, journeyOnOwnMap, test } from "./support/map-seed";

const VIEWPORT = { width: 1440, height: 900 };
test.use({ viewport: VIEWPORT });
// Cesium in software WebGL is slow (~100 ms a frame and more).
test.setTimeout(420_000);

test("the first view and Home show regions in Italy and in Sydney", async ({ page, baseURL }, testInfo) => {
  await seedFarApart(page, baseURL!);
  await page.goto("/map?globeTestHook");
  const first = await settleLong(page, (s) => s.regionMarkers === 2);
  // Both labelled (labels go only to markers in view), each with room for its label around it.
  expect(first.regionLabels).toHaveLength(2);
  expect(await seenOnCanvas(page, [ROME, SYDNEY], 40)).not.toContain(null);
  await page.screenshot({ path: testInfo.outputPath("first-view.png") });

  // Turn the globe away, then Home.
  const canvas = (await page.locator(".cesium-widget canvas").boundingBox())!;
  await page.mouse.move(canvas.x + 300, canvas.y + 450);
  await page.mouse.down();
  await page.mouse.move(canvas.x + 1100, canvas.y + 300, { steps: 8 });
  await page.mouse.up();
  await settleLong(page);
  expect(await seenOnCanvas(page, [ROME, SYDNEY], 40)).toContain(null);
  await page.locator(".cesium-home-button").click();
  const home = await settleLong(page);
  expect(home.regionLabels).toHaveLength(2);
  expect(await seenOnCanvas(page, [ROME, SYDNEY], 40)).not.toContain(null);
});

/** seedSpreadAndPair's user with the spread region's first pole rated High, for the legend. */
async function seedSpreadAndPairOneHigh(page: Page, baseURL: string) {
  const seeded = await seedSpreadAndPair(page, baseURL);
  const res = await page.request.patch(`/api/images/${seeded.photos[0]!.id}`, {
    headers: { origin: baseURL },
    data: { risk: "high" },
  });
  expect(res.status()).toBe(200);
  return seeded;
}

// The overview is filtered by the legend, a region of poles 3 km apart opens from its link, the
// user zooms out of it, then opens the pair's region inside the app: one page, one user.
test.describe("regions from a link and inside the app", () => {
  const journey = journeyOnOwnMap(seedSpreadAndPairOneHigh, { viewport: VIEWPORT });
  const regionUrl = () => `/map?globeTestHook&region=${encodeURIComponent(journey.map().region.id)}`;

  test("the legend filters the overview: counts, rings and empty regions follow it", async ({}, testInfo) => {
    const page = journey.page();
    const { region, pair } = journey.map();
    await openOnJourneyPage(page, "/map?globeTestHook");
    const all = await globeShows(page, (s) => s.regionMarkers === 2, 150_000);
    expect(all.regionMarkerLooks[region.id]?.outline).toBe(RISK_COLORS.high);

    const legend = page.getByRole("region", { name: "Risk Levels" });
    await legend.getByRole("button", { name: "Show high-risk poles" }).click();
    const noHigh = await settleLong(
      page,
      (s) => s.regionMarkerLooks[region.id]?.outline !== RISK_COLORS.high,
    );
    expect(noHigh.regionMarkers).toBe(2);
    expect(noHigh.regionLabels).toContain(`${region.name} (${SPREAD.length - 1} of ${SPREAD.length} poles)`);
    await page.screenshot({ path: testInfo.outputPath("legend-overview.png") });

    // The pair's region has only unrated poles, the spread one unrated and the High one: nothing
    // left to show.
    await legend.getByRole("button", { name: "Show poles not rated" }).click();
    const none = await globeShows(page, (s) => s.regionMarkers === 0);
    expect(Object.keys(none.regionMarkerLooks)).not.toContain(pair.id);
    await legend.getByRole("button", { name: "Show poles not rated" }).click();
    await globeShows(page, (s) => s.regionMarkers === 2);
  });

  test("a region opens straight down with every pole on screen, poles 3 km apart", async ({}, testInfo) => {
    const page = journey.page();
    await page.goto(regionUrl());
    const opened = await settleLong(
      page,
      (s) => s.mode.mode === "region" && s.photoMarkers === SPREAD.length,
    );
    expect(opened.cameraHeight).toBeGreaterThanOrEqual(2900);
    expect(await seenOnCanvas(page, SPREAD, 10)).not.toContain(null);
    await page.screenshot({ path: testInfo.outputPath("region-spread.png") });
  });

  test("zooming out of a region returns to the overview at 10,000 m, keeping the user's camera", async () => {
    const page = journey.page();
    await openOnJourneyPage(page, regionUrl());
    await settleLong(page, (s) => s.mode.mode === "region" && s.photoMarkers === SPREAD.length);
    // The height at the moment the overview comes back.
    await watchOverviewReturn(page);
    const canvas = (await page.locator(".cesium-widget canvas").boundingBox())!;
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    for (let i = 0; i < 40 && (await globeState(page)).mode.mode === "region"; i++) {
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(100);
    }
    await expect(page).not.toHaveURL(/region=/);
    const returnedAt = await overviewReturnHeight(page);
    expect(returnedAt).toBeGreaterThan(10_000);
    expect(returnedAt).toBeLessThan(15_000);
    // No flight home: the camera stays about where the wheel left it, not ~1,000 km out.
    const after = await settleLong(page, (s) => s.mode.mode === "overview");
    expect(after.cameraHeight).toBeLessThan(100_000);
  });

  test("a pole the marker cap leaves undrawn is selected by a click on its spot", async () => {
    const page = journey.page();
    const { pair } = journey.map();
    const photos = await listImages(page.request, pair.id);
    expect(new Set(photos.map((p) => p.pole_id)).size).toBe(2);

    await openOnJourneyPage(page, `/map?globeTestHook&region=${encodeURIComponent(pair.id)}`);
    await settleLong(page, (s) => s.mode.mode === "region" && s.photoMarkers === 2);
    const drawn = await page.evaluate(
      async () => (await window.__poleatlasGlobe!.benchHook!()).drawnMarkers().photo,
    );
    expect(drawn).toHaveLength(1);
    const hidden = photos.find((p) => !drawn.includes(p.pole_id!))!;
    const [spot] = await seenOnCanvas(page, [{ latitude: hidden.latitude!, longitude: hidden.longitude! }]);
    await page.mouse.click(spot!.x, spot!.y);
    await globeShows(page, (s) => s.selectedPoleId === hidden.pole_id);
  });
});
