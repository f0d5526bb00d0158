/**
 * Poles on the globe in real Chromium: an unplaced photo placed by clicking the map (pick
 * mode, Escape cancels), and the selected pole's label drawn beside its marker.
 */
import type { Page } from "@playwright/test";
import type { ImageRecord } from "@poleatlas/shared";
import { globeShows, settle, uploadJpeg } from "./support/map-globe";
import { BERLIN_POLES, expect, seedMap, SPOT, test } from "./support/map-seed";

test.setTimeout(180_000);

const HINT = "Click the map to place this photo. Esc to cancel.";

async function getImage(page: Page, id: string): Promise<ImageRecord> {
  return ((await (await page.request.get(`/api/images/${id}`)).json()) as { image: ImageRecord }).image;
}

/** Clicks the canvas where the globe draws this point on the ground. */
async function clickGround(page: Page, at: { latitude: number; longitude: number }) {
  const box = await page.locator(".cesium-widget canvas").boundingBox();
  const xy = await page.evaluate((p) => window.__poleatlasGlobe?.screenPositionOfPoint(p), at);
  if (!box || !xy) throw new Error(`${JSON.stringify(at)} is not on screen`);
  await page.mouse.click(box.x + xy.x, box.y + xy.y);
}

async function startPlacing(page: Page, name: string) {
  await page.getByRole("button", { name: /Unplaced photos/ }).click();
  const form = page.getByRole("form", { name: `Place photo: ${name}` });
  await form.getByRole("button", { name: "Place on map" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByText(HINT)).toBeVisible();
  await settle(page, (s) => s.picking);
}

test("an unplaced photo is placed by clicking the globe, and joins the pole it was dropped on", async ({
  page,
  baseURL,
}, testInfo) => {
  const { berlin, spot } = await seedMap(page, baseURL!);
  const lost = await uploadJpeg(page.request, baseURL!, "no-gps.jpg", {
    dateTimeOriginal: "2025:01:01 10:00:00",
  });
  await page.goto(`/map?globeTestHook&region=${encodeURIComponent(berlin.id)}`);
  await settle(page, (s) => s.mode.mode === "region" && s.photoMarkers === BERLIN_POLES);

  // Escape leaves pick mode: a click afterwards places nothing.
  await startPlacing(page, "no-gps.jpg");
  await page.keyboard.press("Escape");
  await expect(page.getByText(HINT)).toBeHidden();
  await settle(page, (s) => !s.picking);
  await clickGround(page, SPOT);
  expect((await getImage(page, lost.id)).latitude).toBeNull();

  await startPlacing(page, "no-gps.jpg");
  await page.screenshot({ path: testInfo.outputPath("place-on-map-hint.png") });
  await clickGround(page, SPOT);
  // The picked point is shown before it is saved.
  await expect(page.getByText(/^Place it at 52\.52/)).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(HINT)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`photo=${lost.id}`));

  // Placed within a few metres of the click (a pixel is ~3 m at this height): the spot's pole.
  const placed = await getImage(page, lost.id);
  expect(Math.abs(placed.latitude! - SPOT.latitude)).toBeLessThan(5e-5);
  expect(Math.abs(placed.longitude! - SPOT.longitude)).toBeLessThan(8e-5);
  expect(placed.pole_id).toBe(spot[0].pole_id);
  // The markers and the timeline show it without a reload: the newest of the pole's four photos.
  await expect(page.getByTestId("pole-record").getByText("Photo 4 of 4")).toBeVisible();
  await globeShows(
    page,
    (s) => !s.picking && s.photoMarkers === BERLIN_POLES && s.selectedPhotoId === lost.id,
  );
  await expect(page.getByRole("button", { name: /Unplaced photos/ })).toBeHidden();
});

test("a pole's label is drawn beside its marker, and follows an edit", async ({
  page,
  baseURL,
}, testInfo) => {
  const { berlin, spot } = await seedMap(page, baseURL!);
  const latest = spot[2];
  const res = await page.request.patch(`/api/poles/${latest.pole_id}`, {
    headers: { origin: baseURL! },
    data: { label: "P-10423" },
  });
  expect(res.status()).toBe(200);

  await page.goto(`/map?globeTestHook&region=${encodeURIComponent(berlin.id)}&photo=${latest.id}`);
  // Labels are drawn by pole id.
  const pole = latest.pole_id!;
  const drawn = await settle(page, (s) => s.poleLabels[pole] === "P-10423");
  expect(Object.keys(drawn.poleLabels)).toEqual([pole]);
  // Region view looks from 3000 m, above street zoom: only the selected pole is named there.
  expect(drawn.cameraHeight).toBeLessThan(5_000);
  await page.screenshot({ path: testInfo.outputPath("pole-label.png") });

  const field = page.getByTestId("pole-record").getByLabel("Pole label");
  await field.fill("P-20000");
  await field.press("Enter");
  await globeShows(page, (s) => s.poleLabels[pole] === "P-20000");
});
