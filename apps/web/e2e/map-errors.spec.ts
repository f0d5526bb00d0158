/**
 * A map whose data does not load says so, with Retry, instead of an empty globe. The failures are
 * forced by answering the page's own requests with a 500 in the browser.
 */
import { settle } from "./support/map-globe";
import { expect, seedMap, test } from "./support/map-seed";

test.setTimeout(120_000);

const SERVER_ERROR = {
  status: 500,
  contentType: "application/json",
  body: JSON.stringify({ code: "internal_error", message: "Internal Server Error" }),
};

test("regions and storage usage that fail to load show an error with Retry, and Retry loads them", async ({
  page,
  baseURL,
}, testInfo) => {
  await seedMap(page, baseURL!);
  let failing = true;
  for (const url of ["**/api/regions", "**/api/storage/usage"]) {
    await page.route(url, (route) => (failing ? route.fulfill(SERVER_ERROR) : route.fallback()));
  }
  await page.goto("/map?globeTestHook");
  const regionsAlert = page.getByRole("alert").filter({ hasText: "Could not load your regions." });
  const usageAlert = page.getByRole("alert").filter({ hasText: "Could not load your storage usage." });
  await expect(regionsAlert).toBeVisible({ timeout: 20_000 });
  await expect(usageAlert).toBeVisible();
  await expect(regionsAlert).toContainText("Internal Server Error");
  await settle(page, (s) => s.regionMarkers === 0);
  await page.screenshot({ path: testInfo.outputPath("map-load-errors.png") });

  failing = false;
  await regionsAlert.getByRole("button", { name: "Retry" }).click();
  await usageAlert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await settle(page, (s) => s.regionMarkers === 2);
});
