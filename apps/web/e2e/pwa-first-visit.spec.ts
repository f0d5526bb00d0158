/**
 * The first visit works offline: with a fresh browser, sign in, open the map once, go offline,
 * keep two photos for later and reload. The map, the storage usage and the '2 waiting' entry (read
 * from IndexedDB) are there without the network, with no red errors; back online everything
 * refreshes and the photos are sent without anyone pressing Retry. On a desktop and on a phone.
 */
import type { Page } from "@playwright/test";
import type { ImageRecord } from "@poleatlas/shared";
import { createConfirmedUser, signInContext } from "./support/auth";
import { globeState, uploadJpeg, uploadLargePng } from "./support/map-globe";
import { expect, SPOT, test } from "./support/map-seed";
import { fieldPhotos } from "./support/photo-fixtures";
import { cachedPaths, waitForController } from "./support/pwa";

test.use({ serviceWorkers: "allow" });
test.setTimeout(240_000);

const DATA_CACHE = "poleatlas-data";

/**
 * The map's regions drawn (the data is what this spec is about; the imagery tiles are not waited
 * for: software WebGL at this size on a busy machine draws a frame every few seconds).
 */
async function regionMarkersShown(page: Page, count: number) {
  await expect
    .poll(async () => (await globeState(page).catch(() => null))?.regionMarkers, { timeout: 90_000 })
    .toBe(count);
}

/** The sidebar: on a phone a drawer behind 'Open menu'. */
async function sidebar(page: Page) {
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole("navigation", { name: "Main" });
}

async function closeDrawer(page: Page) {
  if (await page.getByRole("button", { name: "Open menu" }).isVisible()) await page.keyboard.press("Escape");
}

async function keepTwoForLater(page: Page) {
  await (await sidebar(page)).getByRole("button", { name: "Upload Images" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Images" });
  await expect(dialog).toBeVisible();
  const files = await fieldPhotos(["field-1.jpg", "field-2.jpg"]);
  await page.getByLabel("Image files").setInputFiles(files);
  for (const f of files) await expect(dialog.getByRole("listitem", { name: f.name })).toBeVisible();
  // Offline already: the reader of the photos' metadata must have come with the first load.
  await dialog.getByRole("button", { name: "Upload Images" }).click();
  await expect(dialog).toBeHidden();
}

for (const device of [
  { name: "desktop", use: { viewport: { width: 1440, height: 900 } } },
  { name: "phone", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
]) {
  test.describe(device.name, () => {
    test.use(device.use);

    test("after the first complete load, a reload offline shows the map, the usage and the queue", async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      const user = await createConfirmedUser();
      // The photos first, through a session of their own: the one map load then finds them.
      const uploader = await browser.newContext({ baseURL });
      await signInContext(uploader, user);
      await uploadLargePng(uploader.request, baseURL!, "big.png", 3 * 1048576);
      await uploadJpeg(uploader.request, baseURL!, "berlin.jpg", {
        gps: SPOT,
        dateTimeOriginal: "2025:01:01 10:00:00",
      });
      await uploadJpeg(uploader.request, baseURL!, "paris.jpg", {
        gps: { latitude: 48.858844, longitude: 2.294351 },
        dateTimeOriginal: "2025:01:02 10:00:00",
        color: { r: 200, g: 60, b: 60 },
      });
      await uploader.close();
      // A fresh browser: sign in through the form, which goes on to the map (with the globe's
      // test hook). That one load is the first visit: what it fetched before the worker took
      // the page is what the worker must keep.
      await page.goto(`/login?next=${encodeURIComponent("/map?globeTestHook")}`);
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel(/^Password/).fill(user.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/map\?globeTestHook/);
      await regionMarkersShown(page, 2);
      const usage = page.getByText(/^\d+ MB of 50 MB$/);
      await (await sidebar(page)).isVisible();
      await expect(page.getByText("3 MB of 50 MB")).toBeVisible();
      await closeDrawer(page);
      // The first complete load: the worker has taken the page and kept what it had loaded.
      await waitForController(page);
      await expect
        .poll(() => cachedPaths(page, DATA_CACHE), { timeout: 30_000 })
        .toEqual(expect.arrayContaining(["/api/regions", "/api/storage/usage", "/api/workspaces"]));

      await page.context().setOffline(true);
      await keepTwoForLater(page);
      await expect((await sidebar(page)).getByRole("button", { name: "2 waiting" })).toBeVisible();
      await closeDrawer(page);

      await page.reload();
      await regionMarkersShown(page, 2);
      await expect(page.getByText(/^Offline — showing data from /)).toBeVisible();
      const nav = await sidebar(page);
      await expect(nav.getByRole("button", { name: "2 waiting" })).toBeVisible();
      await expect(usage).toHaveText("3 MB of 50 MB");
      await expect(page.locator(".MuiAlert-standardError, .MuiAlert-filledError")).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath(`first-visit-offline-${device.name}.png`) });
      await closeDrawer(page);

      // Back online: sent and refreshed with nobody pressing Retry.
      await page.context().setOffline(false);
      await expect(page.getByText(/^Offline/)).toHaveCount(0, { timeout: 10_000 });
      await expect((await sidebar(page)).getByRole("button", { name: /waiting/ })).toHaveCount(0, {
        timeout: 15_000,
      });
      const res = await page.request.get("/api/images");
      const names = ((await res.json()) as { images: ImageRecord[] }).images.map((i) => i.name).sort();
      expect(names).toEqual(["berlin.jpg", "big.png", "field-1.jpg", "field-2.jpg", "paris.jpg"]);
    });
  });
}
