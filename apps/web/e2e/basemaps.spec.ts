/**
 * A basemap from BASEMAPS in Chromium: the e2e server names a local XYZ tile server
 * (support/tile-server.ts); its layer is in the globe's picker after the built-in ones, Natural
 * Earth II stays shown first, and choosing it asks that server for tiles (the CSP lets it).
 */
import { startSignedIn } from "./support/auth";
import { globeShows, settle } from "./support/map-globe";
import { expect, test } from "./support/fixtures";
import { E2E_BASEMAP } from "./support/tile-server";

test.setTimeout(120_000);

test("a configured XYZ basemap is in the layer picker and its tiles are asked for when chosen", async ({
  page,
}, testInfo) => {
  const tilesUrl = process.env.E2E_TILES_URL!;
  const tileRequests: string[] = [];
  const blocked: string[] = [];
  page.on("request", (req) => {
    if (req.url().startsWith(`${tilesUrl}/tiles/`)) tileRequests.push(req.url());
  });
  page.on("console", (msg) => {
    if (msg.text().includes("Content Security Policy")) blocked.push(msg.text());
  });
  await startSignedIn(page, { at: "/map?globeTestHook" });
  await settle(page);
  expect(tileRequests).toEqual([]);

  await page.locator(".cesium-baseLayerPicker-selected").click();
  const picker = page.locator(".cesium-baseLayerPicker-dropDown");
  const items = picker.locator(".cesium-baseLayerPicker-item .cesium-baseLayerPicker-itemLabel");
  await expect(items.filter({ hasText: E2E_BASEMAP })).toBeVisible();
  await expect(items.first()).toHaveText("Natural Earth II");
  // Imagery first, then terrain: each section marks its selected item.
  await expect(picker.locator(".cesium-baseLayerPicker-selectedItem").first()).toContainText(
    "Natural Earth II",
  );
  await items.filter({ hasText: E2E_BASEMAP }).click();

  await expect.poll(() => tileRequests.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await settle(page);
  await page.screenshot({ path: testInfo.outputPath("basemap.png") });
  expect(blocked).toEqual([]);
});

test("every base layer's thumbnail loads, in the picker and on the toolbar; no Cesium ion logo", async ({
  page,
}) => {
  // Choosing Esri World Imagery below must not reach out: its service is cut off here.
  await page.route("https://services.arcgisonline.com/**", (route) => route.abort("internetdisconnected"));
  await startSignedIn(page, { at: "/map?globeTestHook" });
  // The picker is there once the globe is; its tiles are not what this test looks at.
  await globeShows(page, () => true);
  const loaded = (selector: string) =>
    page.locator(selector).evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: (img as HTMLImageElement).src,
        ok: (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      })),
    );
  await page.locator(".cesium-baseLayerPicker-selected").click();
  const picker = page.locator(".cesium-baseLayerPicker-dropDown");
  await picker.locator(".cesium-baseLayerPicker-itemLabel", { hasText: "Esri World Imagery" }).click();
  await expect
    .poll(async () => (await loaded(".cesium-baseLayerPicker-itemIcon")).filter((i) => !i.ok), {
      timeout: 15_000,
    })
    .toEqual([]);
  await expect
    .poll(async () => (await loaded("img.cesium-baseLayerPicker-selected")).filter((i) => !i.ok))
    .toEqual([]);
  await expect(page.locator(".cesium-credit-logoContainer")).toBeHidden();
});

test("a base layer that cannot be reached is named, with a way back to the built-in one", async ({
  page,
}) => {
  const tilesUrl = process.env.E2E_TILES_URL!;
  // The layer's server is gone (no internet): every tile request fails without an answer.
  await page.route(`${tilesUrl}/tiles/**`, (route) => route.abort("internetdisconnected"));
  await startSignedIn(page, { at: "/map?globeTestHook" });
  await globeShows(page, () => true);
  await page.locator(".cesium-baseLayerPicker-selected").click();
  const picker = page.locator(".cesium-baseLayerPicker-dropDown");
  await picker.locator(".cesium-baseLayerPicker-itemLabel", { hasText: E2E_BASEMAP }).click();

  const alert = page
    .getByRole("alert")
    .filter({ hasText: `The base layer '${E2E_BASEMAP}' cannot be reached.` });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await alert.getByRole("button", { name: "Use Natural Earth II" }).click();
  await expect(alert).toBeHidden();
  await expect(page.locator("button:has(> img.cesium-baseLayerPicker-selected)")).toHaveAttribute(
    "title",
    /Natural Earth II/,
  );
});
