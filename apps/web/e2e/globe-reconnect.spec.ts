/**
 * Imagery tiles that failed while the connection was down are asked for again once the browser is
 * back online (Cesium alone marks them failed and leaves blank patches until the view changes).
 */
import { startSignedIn } from "./support/auth";
import { expect, test } from "./support/fixtures";

test.setTimeout(90_000);

const TILES = /\/Assets\/Textures\/NaturalEarthII\/\d+\/\d+\/\d+\.jpg$/;

test("tiles that failed offline are loaded again when the connection is back", async ({ page }) => {
  await startSignedIn(page, { at: "/login" });
  // Every imagery tile fails, as on a dropped link, until the connection "comes back".
  const failed = new Set<string>();
  await page.route(TILES, async (route) => {
    failed.add(new URL(route.request().url()).pathname);
    await route.abort("internetdisconnected");
  });
  await page.goto("/map");
  await expect(page.locator(".cesium-widget canvas")).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => failed.size, { timeout: 30_000 }).toBeGreaterThan(0);
  await page.context().setOffline(true);
  await page.waitForTimeout(1000);

  const asked = new Set<string>();
  await page.unroute(TILES);
  page.on("requestfinished", (request) => {
    const path = new URL(request.url()).pathname;
    if (TILES.test(path) && failed.has(path)) asked.add(path);
  });
  await page.context().setOffline(false);
  // The camera has not moved: only the reload on 'online' can ask for these tiles again.
  await expect.poll(() => asked.size, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(page.getByText("An error occurred while rendering")).toHaveCount(0);
});
