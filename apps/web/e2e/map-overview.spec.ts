/**
 * The globe's overview in real Chromium (software WebGL): one labelled marker per region, a real
 * canvas click into a region, and the search box. Photos are seeded through the API. The tests
 * are steps on one page: the overview is loaded once, then opened again inside the app.
 */
import type { Page } from "@playwright/test";
import { openOnJourneyPage } from "./support/in-app";
import { clickMarkerOnCanvas, globeShows, settle } from "./support/map-globe";
import { BERLIN_POLES, expect, journeyOnReadOnlyMap, test } from "./support/map-seed";

// Cesium in software WebGL is slow (~100 ms a frame and more).
test.setTimeout(180_000);

const journey = journeyOnReadOnlyMap();

const openOverview = (page: Page) => openOnJourneyPage(page, "/map?globeTestHook");

// The legend's levels beside the globe: risk-legend.test.tsx.
test("the overview shows one yellow marker per region, labelled 'Region N (count images)'", async ({}, testInfo) => {
  const page = journey.page();
  await openOverview(page);
  const overview = await settle(page, (s) => s.regionMarkers === 2);
  expect(overview.mode).toEqual({ mode: "overview" });
  expect(overview.softwareRendering).toBe(true);
  expect([...overview.regionLabels].sort()).toEqual(["Region 1 (4 images)", "Region 2 (2 images)"]);
  await page.screenshot({ path: testInfo.outputPath("map-overview.png") });
});

test("a click on a region's marker flies straight down to 3000 m and shows its photos", async ({}, testInfo) => {
  const page = journey.page();
  const { berlin } = journey.map();
  await openOverview(page);
  await settle(page, (s) => s.mode.mode === "overview" && s.regionMarkers === 2);
  // A real mouse click on the canvas, where the Region 1 marker is drawn.
  await clickMarkerOnCanvas(page, { kind: "region", id: berlin.id });
  await expect(page).toHaveURL(/region=13\.4%2C52\.5/);
  const inRegion = await settle(page, (s) => s.mode.mode === "region" && s.photoMarkers === BERLIN_POLES);
  expect(inRegion.cameraHeight).toBeGreaterThan(2900);
  expect(inRegion.cameraHeight).toBeLessThan(3100);
  expect(inRegion.regionMarkers).toBe(1); // Region 1's own marker gives way to its poles
  await page.screenshot({ path: testInfo.outputPath("map-region.png") });
});

test("the search box finds a region by name, without any outside geocoder", async () => {
  const page = journey.page();
  await openOverview(page);
  await globeShows(page, (s) => s.mode.mode === "overview" && s.regionMarkers === 2);
  const search = page.getByRole("combobox", { name: "Search poles by tag or label, or places" });
  await search.click();
  await search.fill("Region 2");
  await search.press("Enter");
  await expect(page).toHaveURL(/region=2\.3%2C48\.9/);
  await globeShows(page, (s) => s.mode.mode === "region" && s.photoMarkers === 2);
});
