/**
 * Screens to look at, each with the state that matters on it: the phone's legend filtering the
 * overview, and the upload dialog after every file was a duplicate (it stays open and says so per
 * file). The desktop region view with a selected pole is taken by accessibility.spec.ts.
 */
import { RISK_COLORS } from "@poleatlas/shared";
import { createConfirmedUser, signInContext } from "./support/auth";
import { globeShows, settle } from "./support/map-globe";
import { makeJpeg } from "./support/photo-fixtures";
import { uploadPhoto } from "./support/map-globe";
import { expect, seedMap, test } from "./support/map-seed";

test.setTimeout(240_000);

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the legend filters the overview", async ({ page, baseURL }, testInfo) => {
    const { berlin, spot } = await seedMap(page, baseURL!);
    const res = await page.request.patch(`/api/images/${spot[2].id}`, {
      headers: { origin: baseURL! },
      data: { risk: "high" },
    });
    expect(res.status()).toBe(200);
    await page.goto("/map?globeTestHook");
    await globeShows(page, (s) => s.regionMarkerLooks[berlin.id]?.outline === RISK_COLORS.high, 150_000);
    // The toggle's pressed state: risk-legend.test.tsx.
    const legend = page.getByRole("region", { name: "Risk Levels" });
    await legend.getByRole("button", { name: "Risk Levels" }).tap();
    await legend.getByRole("button", { name: "Show high-risk poles" }).tap();
    const filtered = await settle(page, (s) => s.regionLabels.includes("Region 1 (1 of 2 poles)"), 150_000);
    expect(filtered.regionMarkerLooks[berlin.id]?.outline).not.toBe(RISK_COLORS.high);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath("phone-legend-filter.png") });
  });
});

test("the upload dialog says 'Already uploaded' per file and stays open", async ({
  page,
  baseURL,
}, testInfo) => {
  // Its own two photos are all it needs: no map of photos to seed.
  await signInContext(page.context(), await createConfirmedUser());
  const milan = await makeJpeg({
    gps: { latitude: 45.4642, longitude: 9.19 },
    dateTimeOriginal: "2024:02:02 10:00:00",
  });
  const turin = await makeJpeg({
    gps: { latitude: 45.0703, longitude: 7.6869 },
    dateTimeOriginal: "2024:02:03 10:00:00",
    color: { r: 40, g: 90, b: 200 },
  });
  await uploadPhoto(page.request, baseURL!, "milan.jpg", milan);
  await uploadPhoto(page.request, baseURL!, "turin.jpg", turin);
  await page.goto("/map");
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Upload Images" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Images" });
  await dialog.getByLabel("Image files").setInputFiles([
    { name: "milan-again.jpg", mimeType: "image/jpeg", buffer: milan },
    { name: "turin-again.jpg", mimeType: "image/jpeg", buffer: turin },
  ]);
  await dialog.getByRole("button", { name: "Upload Images" }).click();
  await expect(dialog.getByRole("listitem", { name: "milan-again.jpg" })).toContainText("Already uploaded");
  await expect(dialog.getByRole("listitem", { name: "turin-again.jpg" })).toContainText("Already uploaded");
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("upload-duplicates.png") });
});
