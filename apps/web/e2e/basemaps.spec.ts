/**
 * A basemap from BASEMAPS in Chromium: the e2e server names a local XYZ tile server
 * (support/tile-server.ts); its layer is in the globe's picker after the built-in ones, Natural
 * Earth II stays shown first, and choosing it asks that server for tiles (the CSP lets it).
 */
import { startSignedIn } from "./support/auth";
import { settle } from "./support/map-globe";
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
