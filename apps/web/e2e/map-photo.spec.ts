/**
 * A selected photo in real Chromium: the panel's date and location, the timeline of one spot,
 * links that name a photo (with and without its region), and a link to a photo that is not there.
 * The tests are steps on one page: a link's test loads its link, the others go on in the app.
 */
import { openOnJourneyPage } from "./support/in-app";
import { clickMarkerOnCanvas, globeShows, globeState, settle } from "./support/map-globe";
import { BERLIN_POLES, expect, journeyOnReadOnlyMap, localeDate, SPOT, test } from "./support/map-seed";

test.setTimeout(180_000);

const journey = journeyOnReadOnlyMap();

test("a click on a pole selects its latest photo: its date and its stored location to 6 decimals", async () => {
  const page = journey.page();
  const { berlin, spot } = journey.map();
  const latest = spot[2];
  await openOnJourneyPage(page, `/map?globeTestHook&region=${encodeURIComponent(berlin.id)}`);
  await settle(page, (s) => s.mode.mode === "region" && s.photoMarkers === BERLIN_POLES);
  // The spot's marker is its pole (the compact form names poles, not photos).
  await clickMarkerOnCanvas(page, { kind: "photo", id: latest.pole_id! });
  const panel = page.getByTestId("pole-record");
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`photo=${latest.id}`));
  await expect(panel.getByText("Photo 3 of 3")).toBeVisible();
  await expect(panel.getByRole("group", { name: "Date" })).toHaveText(
    `Date${await localeDate(page, 2024, 3, 1)}`,
  );
  await globeShows(page, (s) => s.selectedPhotoId === latest.id && s.selectedPoleId === latest.pole_id);
  // EXIF keeps seconds to 1/100 (~0.3 m): the stored values are what the panel must show.
  expect(Math.abs(latest.latitude! - SPOT.latitude)).toBeLessThan(1e-5);
  expect(Math.abs(latest.longitude! - SPOT.longitude)).toBeLessThan(1e-5);
  const where = `${latest.latitude!.toFixed(6)}, ${latest.longitude!.toFixed(6)}`;
  expect(where).toMatch(/^52\.5200\d\d, 13\.4049\d\d$/);
  await expect(panel.getByRole("group", { name: "Location" })).toHaveText(`Location${where}`);
  await expect(panel.getByRole("img", { name: "spot-2024-03.jpg" })).toHaveAttribute("data-full", "true");
});

test("the timeline steps through one spot's photos by date, and a reload keeps region and photo", async ({}, testInfo) => {
  const page = journey.page();
  const { berlin, spot } = journey.map();
  const [first, , third] = spot;
  await openOnJourneyPage(
    page,
    `/map?globeTestHook&region=${encodeURIComponent(berlin.id)}&photo=${first.id}`,
  );
  const panel = page.getByTestId("pole-record");
  await expect(panel.getByText("Photo 1 of 3")).toBeVisible();
  const date = panel.getByRole("group", { name: "Date" });
  await panel.getByRole("slider", { name: "Timeline" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(panel.getByText("Photo 2 of 3")).toBeVisible();
  await expect(panel.getByRole("heading", { name: "spot-2023-06.jpg" })).toBeVisible();
  await expect(date).toHaveText(`Date${await localeDate(page, 2023, 6, 30)}`);
  await page.keyboard.press("ArrowRight");
  await expect(panel.getByText("Photo 3 of 3")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`photo=${third.id}`));
  await globeShows(page, (s) => s.selectedPhotoId === third.id);
  await page.screenshot({ path: testInfo.outputPath("map-panel-timeline.png") });

  await page.reload();
  await expect(page.getByTestId("pole-record").getByText("Photo 3 of 3")).toBeVisible();
  await globeShows(
    page,
    (s) => s.mode.mode === "region" && s.selectedPhotoId === third.id && s.photoMarkers === BERLIN_POLES,
  );
});

test("a link naming only the photo opens its region and the panel", async () => {
  const page = journey.page();
  const { spot } = journey.map();
  const second = spot[1];
  await page.goto(`/map?globeTestHook&photo=${second.id}`);
  await expect(page).toHaveURL(/region=13\.4%2C52\.5/);
  await expect(page.getByTestId("pole-record").getByText("Photo 2 of 3")).toBeVisible();
  await globeShows(page, (s) => s.mode.mode === "region" && s.selectedPhotoId === second.id);
});

test("a link keeps its region and photo while the regions are slow to arrive", async () => {
  const page = journey.page();
  const { berlin, spot } = journey.map();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/regions", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/map?globeTestHook&region=${encodeURIComponent(berlin.id)}&photo=${spot[0].id}`);
  // The globe draws with its camera over the whole earth, where a region view would end; its
  // first camera moves end within these frames.
  await expect
    .poll(() => page.evaluate(() => window.__poleatlasGlobe?.state().frames ?? 0), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(12);
  expect(await globeState(page)).toMatchObject({ mode: { mode: "region" } });
  await expect(page).toHaveURL(new RegExp(`region=${encodeURIComponent(berlin.id)}&photo=${spot[0].id}`));
  release();
  await expect(page.getByTestId("pole-record").getByText("Photo 1 of 3")).toBeVisible();
  await globeShows(page, (s) => s.mode.mode === "region" && s.photoMarkers === BERLIN_POLES);
  await page.unroute("**/api/regions");
});

test("a link to a photo that is not there says so and shows the overview", async () => {
  const page = journey.page();
  await page.goto("/map?globeTestHook&photo=00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("alert")).toContainText("That photo was not found");
  await expect(page.getByTestId("pole-record")).toBeHidden();
  await globeShows(page, (s) => s.mode.mode === "overview" && s.regionMarkers === 2);
  await page.getByRole("alert").getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("alert")).toBeHidden();
  await expect(page).not.toHaveURL(/photo=/);
});
