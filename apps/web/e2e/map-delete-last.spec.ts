/**
 * Deleting the last photo of a pole and of a region: the pole's marker goes and the panel closes;
 * an emptied region sends the map back to the overview without it. Nothing asks for the deleted
 * photo, its pole or its region again (no 404 in the console) and nothing stale stays on screen.
 */
import type { Page } from "@playwright/test";
import { globeShows, settle, uploadJpeg } from "./support/map-globe";
import { BERLIN_POLES, expect, seedMap, test } from "./support/map-seed";
import { listImages, listRegions } from "./support/map-globe";

test.setTimeout(240_000);

/** The API's 404 answers from now on. */
function watchNotFound(page: Page): string[] {
  const seen: string[] = [];
  page.on("response", (res) => {
    if (res.status() === 404 && new URL(res.url()).pathname.startsWith("/api/")) seen.push(res.url());
  });
  return seen;
}

async function deleteShown(page: Page) {
  const panel = page.getByTestId("pole-record");
  await panel.getByRole("button", { name: "Delete image" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
}

test("the last photo of a pole: its marker goes and the panel closes, with no 404", async ({
  page,
  baseURL,
}) => {
  const { berlin } = await seedMap(page, baseURL!);
  const nearby = (await listImages(page.request, berlin.id)).find((p) => p.name === "nearby.jpg")!;
  await page.goto(`/map?globeTestHook&region=${encodeURIComponent(berlin.id)}&photo=${nearby.id}`);
  const panel = page.getByTestId("pole-record");
  await expect(panel.getByRole("heading", { name: "nearby.jpg" })).toBeVisible();
  await globeShows(page, (s) => s.selectedPhotoId === nearby.id && s.photoMarkers === BERLIN_POLES);
  const notFound = watchNotFound(page);

  await deleteShown(page);
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/photo=/);
  // settle, not globeShows: the wait for a late 404 starts once the globe is still.
  const after = await settle(page, (s) => s.photoMarkers === BERLIN_POLES - 1);
  expect(after.mode.mode).toBe("region");
  expect(Object.keys(after.photoMarkerLooks)).not.toContain(nearby.pole_id);
  await page.waitForTimeout(1500);
  expect(notFound).toEqual([]);
});

test("the last photo of a region: back to the overview without it, with no 404", async ({
  page,
  baseURL,
}) => {
  await seedMap(page, baseURL!);
  const rome = await uploadJpeg(page.request, baseURL!, "rome.jpg", {
    gps: { latitude: 41.9009, longitude: 12.4833 },
    dateTimeOriginal: "2024:05:01 10:00:00",
  });
  const region = (await listRegions(page.request)).find((r) => r.name === "Region 3")!;
  await page.goto(`/map?globeTestHook&region=${encodeURIComponent(region.id)}&photo=${rome.id}`);
  const panel = page.getByTestId("pole-record");
  await expect(panel.getByRole("heading", { name: "rome.jpg" })).toBeVisible();
  await globeShows(page, (s) => s.mode.mode === "region" && s.photoMarkers === 1);
  const notFound = watchNotFound(page);

  await deleteShown(page);
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/region=|photo=/);
  const back = await settle(page, (s) => s.mode.mode === "overview" && s.regionMarkers === 2);
  expect(back.regionLabels.join(" ")).not.toContain("Region 3");
  await page.waitForTimeout(1500);
  expect(notFound).toEqual([]);
});
