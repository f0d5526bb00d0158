/**
 * The map screen's sidebar in Chromium: the way to the upgrade page and back, the upload dialog's
 * refresh of the globe without a reload, and logout. The storage card's colours and the upgrade
 * page's texts are the component tests' (storage-card.test.tsx, subscribe-page.test.tsx).
 */
import { createConfirmedUser, signInContext } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { makeJpeg } from "./support/photo-fixtures";
import { globeShows, settle } from "./support/map-globe";

test.setTimeout(240_000);

test("upgrade page, upload from the sidebar onto the globe, and logout", async ({ page }, testInfo) => {
  // Leaving the map destroys the globe; coming back builds a new one: no errors either way.
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  const user = await createConfirmedUser();
  await signInContext(page.context(), user);
  await page.goto("/map?globeTestHook");

  await page.getByRole("button", { name: "Upgrade to Pro for More Storage" }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole("heading", { name: "Upgrade Your Storage" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("subscribe.png") });
  await page.getByRole("link", { name: "Back to Map" }).click();
  await expect(page).toHaveURL(/\/map/);

  // The sidebar's 'Upload Images' opens the dialog; after the upload the globe shows the region.
  await page.goto("/map?globeTestHook");
  await settle(page, (s) => s.regionMarkers === 0);
  await page.getByRole("button", { name: "Upload Images" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Upload Images" })).toBeVisible();
  const jpeg = await makeJpeg({
    gps: { latitude: -33.8688, longitude: 151.2093 },
    dateTimeOriginal: "2024:05:01 10:22:33",
  });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "sydney.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await dialog.getByRole("button", { name: "Upload Images" }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  // Labels go to markers in view: set once the globe has drawn the new marker.
  const s = await globeShows(page, (st) => st.regionMarkers === 1 && st.regionLabels.length === 1);
  expect(s.regionLabels).toEqual(["Region 1 (1 images)"]);
  await expect(page.getByTestId("storage-card").getByText("0 MB of 50 MB")).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/map");
  await expect(page).toHaveURL(/\/login$/);
  expect(pageErrors).toEqual([]);
});
