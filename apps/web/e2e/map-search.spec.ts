/**
 * The search box finds a pole by its label from the overview (the server searches every pole of
 * the workspace), suggests it while typing, and flies to it with its photo open; a place name
 * searched without a connection says the internet is needed instead of '(not found)'.
 */
import type { Page } from "@playwright/test";
import { globeShows, settle } from "./support/map-globe";
import { expect, seedMap, test } from "./support/map-seed";

test.setTimeout(180_000);

async function openSearch(page: Page) {
  // The box opens when the pointer is over the search button, as for a user.
  await page.locator(".cesium-viewer-geocoderContainer").hover();
  const input = page.locator(".cesium-geocoder-input");
  await input.focus();
  return input;
}

test("a pole label typed in the overview is suggested, and picking it flies there and opens its photo", async ({
  page,
  baseURL,
}, testInfo) => {
  const { berlin, spot } = await seedMap(page, baseURL!);
  const latest = spot[2];
  const res = await page.request.patch(`/api/poles/${latest.pole_id}`, {
    headers: { origin: baseURL! },
    data: { label: "P-1001" },
  });
  expect(res.status()).toBe(200);

  await page.goto("/map?globeTestHook");
  await globeShows(page, (s) => s.regionMarkers === 2 && s.mode.mode === "overview");
  const input = await openSearch(page);
  await input.pressSequentially("p-100", { delay: 40 });
  const suggestion = page.locator(".cesium-viewer-geocoderContainer .search-results li");
  await expect(suggestion).toHaveText(["P-1001 · pole in Region 1"]);
  await page.screenshot({ path: testInfo.outputPath("search-suggestions.png") });

  await suggestion.first().click();
  await expect(page).toHaveURL(new RegExp(`region=${encodeURIComponent(berlin.id)}.*photo=${latest.id}`));
  await expect(page.getByTestId("pole-record").getByText("Photo 3 of 3")).toBeVisible();
  const there = await settle(
    page,
    (s) => s.mode.mode === "region" && s.selectedPoleId === latest.pole_id && !s.flying,
  );
  // Over the pole, not over the region's centre.
  expect(there.cameraHeight).toBeLessThan(3500);
  const onScreen = await page.evaluate(
    ([latitude, longitude]) =>
      window.__poleatlasGlobe?.screenPositionOfPoint({ latitude: latitude!, longitude: longitude! }),
    [latest.latitude, latest.longitude],
  );
  const canvas = (await page.locator(".cesium-widget canvas").boundingBox())!;
  expect(Math.abs(onScreen!.x - canvas.width / 2)).toBeLessThan(40);
  expect(Math.abs(onScreen!.y - canvas.height / 2)).toBeLessThan(40);
});

test("a place name searched offline says the internet is needed, not '(not found)'", async ({
  page,
  readOnlyMap: _signedIn,
}) => {
  await page.goto("/map?globeTestHook");
  await globeShows(page, (s) => s.regionMarkers === 2);
  await page.context().setOffline(true);
  const input = await openSearch(page);
  await input.fill("Lisbon");
  await input.press("Enter");
  await expect(input).toHaveValue("“Lisbon”: searching places needs an internet connection");
  await page.context().setOffline(false);
});
