/**
 * Deleting a photo and leaving a region in real Chromium: the photo leaves the timeline, the
 * globe, storage and its files; a click on empty space clears the selection; zooming out above
 * 10000 m returns to the overview with the new count.
 */
import type { Page } from "@playwright/test";
import { globeShows, globeState, listImages, settle } from "./support/map-globe";
import { BERLIN_POLES, expect, seedMap, test } from "./support/map-seed";

test.setTimeout(180_000);

const usedBytes = async (page: Page) =>
  ((await (await page.request.get("/api/storage/usage")).json()) as { usedBytes: number }).usedBytes;

test("deleting the shown photo removes it from the timeline, the globe, storage and the files", async ({
  page,
  baseURL,
}) => {
  const { berlin, spot } = await seedMap(page, baseURL!);
  const [, second, third] = spot;
  await page.goto(`/map?globeTestHook&region=${encodeURIComponent(berlin.id)}&photo=${third.id}`);
  const panel = page.getByTestId("pole-record");
  await expect(panel.getByText("Photo 3 of 3")).toBeVisible();
  await globeShows(page, (s) => s.selectedPhotoId === third.id && s.photoMarkers === BERLIN_POLES);
  const before = await usedBytes(page);

  await panel.getByRole("button", { name: "Delete image" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(panel.getByText("Photo 2 of 2")).toBeVisible();
  await expect(panel.getByRole("heading", { name: "spot-2023-06.jpg" })).toBeVisible();
  // The spot's pole stays (its marker is named by the pole), with the next photo selected.
  await globeShows(
    page,
    (s) =>
      s.photoMarkers === BERLIN_POLES &&
      s.selectedPhotoId === second.id &&
      s.selectedPoleId === second.pole_id &&
      second.pole_id! in s.photoMarkerLooks,
  );
  expect((await listImages(page.request, berlin.id)).map((p) => p.id)).not.toContain(third.id);
  expect((await page.request.get(third.image_url)).status()).toBe(404);
  expect(await usedBytes(page)).toBeLessThan(before);
});

test("a click on empty space clears the selection, and zooming out above 10000 m returns to the overview", async ({
  page,
  readOnlyMap,
}) => {
  const { berlin, spot } = readOnlyMap;
  await page.goto(`/map?globeTestHook&region=${encodeURIComponent(berlin.id)}&photo=${spot[0].id}`);
  const panel = page.getByTestId("pole-record");
  await expect(panel).toBeVisible();
  await settle(page, (s) => s.mode.mode === "region" && s.photoMarkers === BERLIN_POLES);

  const canvas = page.locator(".cesium-widget canvas");
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + 30, box.y + box.height - 60);
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/photo=/);

  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 40 && (await globeState(page)).mode.mode === "region"; i++) {
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(400);
  }
  await expect(page).not.toHaveURL(/region=/);
  const back = await settle(page, (s) => s.mode.mode === "overview" && s.regionMarkers === 2);
  expect(back.cameraHeight).toBeGreaterThan(10_000);
  expect(back.regionLabels).toContain("Region 1 (4 images)");
});
