/**
 * What a first visit of the map loads, in Chromium on the real server: the sidebar and the globe's
 * loading state before Cesium's chunk has arrived (the chunk is held back here), that chunk sent
 * brotli-compressed and cacheable for a year, the EXIF reader fetched only when the upload
 * dialog opens, and the stars not before the regions have been answered.
 */
import type { Page, Response } from "@playwright/test";
import { messages } from "@poleatlas/shared";
import { createConfirmedUser, signInContext } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { makeJpeg } from "./support/photo-fixtures";

test.setTimeout(120_000);

/** A line of exifr's own text, in whichever chunk carries the EXIF reader. */
const EXIFR_MARK = "MikeKovarik/exifr";

/** The scripts the page has fetched so far, each with whether it carries exifr. */
function watchScripts(page: Page) {
  const seen: Promise<{ url: string; exifr: boolean }>[] = [];
  page.on("response", (res: Response) => {
    if (res.request().resourceType() !== "script") return;
    seen.push(
      res.text().then(
        (body) => ({ url: res.url(), exifr: body.includes(EXIFR_MARK) }),
        // A worker that ended may take its script's body with it; such a script is not exifr.
        (e: unknown) => ({ url: `${res.url()} (${String(e)})`, exifr: false }),
      ),
    );
  });
  return () => Promise.all(seen);
}

test("the sidebar and the globe's loading state show before Cesium's chunk arrives", async ({ page }) => {
  await signInContext(page.context(), await createConfirmedUser());
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/globe-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const globeChunk = page.waitForResponse(/\/assets\/globe-[^/]*\.js$/);

  await page.goto("/map");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("button", { name: "Upload Images" })).toBeVisible();
  await expect(page.getByTestId("storage-card")).toBeVisible();
  await expect(page.getByTestId("globe-loading")).toBeVisible();
  await expect(page.locator(".cesium-widget")).toHaveCount(0);

  release();
  const res = await globeChunk;
  const headers = await res.allHeaders();
  expect(headers["content-encoding"]).toBe("br");
  expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  await expect(page.locator(".cesium-widget canvas")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("globe-loading")).toHaveCount(0);
});

test("the EXIF reader is fetched when the upload dialog opens, not with the map", async ({ page }) => {
  await signInContext(page.context(), await createConfirmedUser());
  const scripts = watchScripts(page);
  await page.goto("/map");
  await expect(page.locator(".cesium-widget canvas")).toBeVisible({ timeout: 30_000 });
  const onLoad = await scripts();
  expect(onLoad.length).toBeGreaterThan(2);
  expect(onLoad.filter((s) => s.exifr).map((s) => s.url)).toEqual([]);

  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Upload Images" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Images" });
  // Before any photo: a crew may open the dialog and then lose the connection.
  await expect.poll(async () => (await scripts()).filter((s) => s.exifr).length).toBe(1);
  const photo = await makeJpeg({ gps: { latitude: 52.52, longitude: 13.4 } });
  await dialog
    .getByLabel("Image files")
    .setInputFiles([{ name: "pole.jpg", mimeType: "image/jpeg", buffer: photo }]);
  // Read: its GPS was found and its missing date noticed (an unread card would warn of both).
  const card = dialog.getByRole("listitem", { name: "pole.jpg" });
  await expect(card.getByText(messages.noOriginalDate)).toBeVisible();
  await expect(card.getByText(messages.noGps)).toHaveCount(0);
  expect((await scripts()).filter((s) => s.exifr)).toHaveLength(1);
});

test("the stars load once the regions have been answered, not before", async ({ page }) => {
  await signInContext(page.context(), await createConfirmedUser());
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/regions(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  const stars: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/Assets/Textures/SkyBox/")) stars.push(req.url());
  });

  await page.goto("/map?globeTestHook");
  await expect(page.locator(".cesium-widget canvas")).toBeVisible({ timeout: 30_000 });
  // The globe draws frames (tiles, camera) while the regions are still on their way.
  await expect
    .poll(() => page.evaluate(() => window.__poleatlasGlobe?.state().frames ?? 0), { timeout: 30_000 })
    .toBeGreaterThan(2);
  expect(stars).toEqual([]);

  release();
  await expect.poll(() => stars.length, { timeout: 30_000 }).toBe(6);
});

test("'Loading the globe…' stays until the globe has drawn, not only while its chunk downloads", async ({
  page,
}) => {
  await signInContext(page.context(), await createConfirmedUser());
  // Whether the notice was still there at the moment Cesium's viewer joined the page.
  await page.addInitScript(() => {
    const seen: boolean[] = [];
    Object.assign(window, { __noticeWithViewer: seen });
    new MutationObserver(() => {
      if (seen.length === 0 && document.querySelector(".cesium-widget"))
        seen.push(document.body.innerText.includes("Loading the globe…"));
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/map");
  // Cesium's chunk and its first frame take long on a busy machine with software WebGL.
  await expect(page.locator(".cesium-widget canvas")).toBeVisible({ timeout: 120_000 });
  const seen = await page.evaluate(
    () => (window as unknown as { __noticeWithViewer: boolean[] }).__noticeWithViewer,
  );
  expect(seen).toEqual([true]);
  await expect(page.getByText("Loading the globe…")).toHaveCount(0);
});
