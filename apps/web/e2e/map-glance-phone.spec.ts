/**
 * The network at a glance on a 390×844 phone with touch: the first view shows regions half a
 * world apart with their labels whole, and a selected pole is panned out from under the photo's
 * bottom sheet; the globe's info box names the photo above it.
 */
import { ROME, SPREAD, SYDNEY, seedFarApart, seedSpread, seenOnCanvas, settleLong } from "./support/glance";
import { expect, test } from "./support/map-seed";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
test.setTimeout(420_000);

test("the first view shows regions in Italy and in Sydney, labels whole", async ({
  page,
  baseURL,
}, testInfo) => {
  await seedFarApart(page, baseURL!);
  await page.goto("/map?globeTestHook");
  const first = await settleLong(page, (s) => s.regionMarkers === 2);
  expect(first.regionLabels).toHaveLength(2);
  // A label ('Region 1 (1 images)', ~150 px) is centred on its marker.
  expect(await seenOnCanvas(page, [ROME, SYDNEY], 75)).not.toContain(null);
  await page.screenshot({ path: testInfo.outputPath("phone-first-view.png") });
});

test("a selected pole is panned out from under the bottom sheet", async ({ page, baseURL }, testInfo) => {
  const { region, photos } = await seedSpread(page, baseURL!);
  // The southern pole: where the sheet comes up.
  const south = photos[3]!;
  await page.goto(`/map?globeTestHook&region=${encodeURIComponent(region.id)}&photo=${south.id}`);
  const sheet = page.getByTestId("pole-record");
  await expect(sheet).toHaveAttribute("data-layout", "sheet", { timeout: 60_000 });
  await settleLong(
    page,
    (s) => s.mode.mode === "region" && s.photoMarkers === SPREAD.length && s.selectedPhotoId === south.id,
  );
  const top = (await sheet.boundingBox())!.y;
  const [pole] = await seenOnCanvas(page, [SPREAD[3]!], 10);
  expect(pole).not.toBeNull();
  expect(pole!.y).toBeLessThan(top - 10);
  // The globe's info box (a control of the spec) names the selected photo at the top.
  await expect(page.locator(".cesium-infoBox-visible .cesium-infoBox-title")).toHaveText(south.name);
  await page.screenshot({ path: testInfo.outputPath("phone-region-selected.png") });
});
