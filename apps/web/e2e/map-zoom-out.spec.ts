/**
 * One long zoom-out of a region: the overview comes back as the camera passes the return height
 * (10,000 m), while it is still rising, not only once the camera has stopped high above (it came
 * back at 54,846 m when the check ran only when the camera stopped).
 */
import { globeState } from "./support/map-globe";
import { overviewReturnHeight, settleLong, watchOverviewReturn } from "./support/glance";
import { expect, test } from "./support/map-seed";

test.use({ viewport: { width: 1440, height: 900 } });
// Cesium in software WebGL is slow (~100 ms a frame and more).
test.setTimeout(300_000);

test("a zoom-out in one go leaves the region as it passes 10,000 m, not where the camera stops", async ({
  page,
  readOnlyMap,
}) => {
  const { berlin } = readOnlyMap;
  await page.goto(`/map?globeTestHook&region=${encodeURIComponent(berlin.id)}`);
  await settleLong(page, (s) => s.mode.mode === "region" && s.photoMarkers === 2);
  // The camera's height on the first update that shows the overview.
  await watchOverviewReturn(page);
  // Wheel on without a pause, well past the limit: the camera keeps moving all along.
  const canvas = (await page.locator(".cesium-widget canvas").boundingBox())!;
  await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
  for (let i = 0; i < 80 && (await globeState(page)).cameraHeight < 60_000; i++) {
    await page.mouse.wheel(0, 400);
  }
  const rest = await settleLong(page, (s) => s.mode.mode === "overview");
  const returnedAt = await overviewReturnHeight(page);
  expect(rest.cameraHeight).toBeGreaterThan(40_000);
  expect(returnedAt).toBeGreaterThan(10_000);
  // Back while still rising: far below where the camera came to rest.
  expect(returnedAt).toBeLessThan(rest.cameraHeight / 2);
  await expect(page).not.toHaveURL(/region=/);
});
