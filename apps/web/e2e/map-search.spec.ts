/**
 * The search box finds a pole by its label from the overview (the server searches every pole of
 * the workspace), suggests it while typing, and by keyboard alone flies to it with its photo
 * open, the focus on the record's heading and never on the page; a place name searched without a
 * connection says the internet is needed instead of '(not found)'.
 */
import type { Page } from "@playwright/test";
import { globeShows, settle } from "./support/map-globe";
import { expect, seedMap, test } from "./support/map-seed";

test.setTimeout(180_000);

async function openSearch(page: Page) {
  const input = page.getByRole("combobox", { name: "Search poles by tag or label, or places" });
  await input.focus();
  return input;
}

test("a pole label typed in the overview is suggested, and choosing it by keyboard flies there and opens its photo", async ({
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
  const suggestion = page.getByRole("listbox").getByRole("option");
  await expect(suggestion).toHaveText(["P-1001 · pole in Region 1"]);
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await page.screenshot({ path: testInfo.outputPath("search-suggestions.png") });

  // Keyboard only: the arrow marks the suggestion for a screen reader too, Enter takes it.
  await page.keyboard.press("ArrowDown");
  await expect(input).toHaveAttribute(
    "aria-activedescendant",
    (await suggestion.first().getAttribute("id"))!,
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`region=${encodeURIComponent(berlin.id)}.*photo=${latest.id}`));
  const record = page.getByTestId("pole-record");
  await expect(record.getByText("Photo 3 of 3")).toBeVisible();
  await expect(record.getByRole("heading", { level: 2, name: "P-1001" })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
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
  await expect(input).toHaveAccessibleDescription("“Lisbon”: searching places needs an internet connection");
  await expect(page.getByText("“Lisbon”: searching places needs an internet connection")).toBeVisible();
  await page.context().setOffline(false);
});
