/**
 * The map screen's sidebar in Chromium: the storage card's colours at 70 % and 90 %, the
 * upgrade page, the upload dialog's refresh of the globe without a reload, and logout.
 */
import { createConfirmedUser, signInContext } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { makeJpeg } from "./support/photo-fixtures";
import { settle, uploadLargePng } from "./support/map-globe";

test.setTimeout(240_000);

test("the storage card turns warning above 70 % and error above 90 %", async ({
  page,
  baseURL,
}, testInfo) => {
  const user = await createConfirmedUser();
  await signInContext(page.context(), user);
  await page.goto("/map");
  const card = page.getByTestId("storage-card");
  const bar = card.getByRole("progressbar", { name: "Storage Usage" });
  await expect(card.getByText("0 MB of 50 MB")).toBeVisible();
  await expect(card).toHaveAttribute("data-usage-color", "primary");
  await expect(bar).toHaveClass(/MuiLinearProgress-colorPrimary/);

  await uploadLargePng(page.request, baseURL!, "big-1.png", 40_000_000); // ~76 %
  await page.reload();
  await expect(card.getByText("38 MB of 50 MB")).toBeVisible();
  await expect(card).toHaveAttribute("data-usage-color", "warning");
  await expect(bar).toHaveClass(/MuiLinearProgress-colorWarning/);
  await card.screenshot({ path: testInfo.outputPath("storage-card-warning.png") });

  await uploadLargePng(page.request, baseURL!, "big-2.png", 8_000_000); // ~92 %
  await page.reload();
  await expect(card.getByText("46 MB of 50 MB")).toBeVisible();
  await expect(card).toHaveAttribute("data-usage-color", "error");
  await expect(bar).toHaveClass(/MuiLinearProgress-colorError/);
  await card.screenshot({ path: testInfo.outputPath("storage-card-error.png") });
});

test("upgrade page, upload from the sidebar onto the globe, and logout", async ({ page }, testInfo) => {
  // Leaving the map destroys the globe; coming back builds a new one: no errors either way.
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  const user = await createConfirmedUser();
  await signInContext(page.context(), user);
  await page.goto("/map?globeTestHook");

  await page.getByRole("button", { name: "Upgrade to Pro for More Storage" }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole("heading", { name: "PoleAtlas" })).toBeVisible();
  await expect(page.getByText("Spatial Intelligence for the Built World")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Upgrade Your Storage" })).toBeVisible();
  await expect(page.getByText("$10/month")).toBeVisible();
  await expect(page.getByText("Get 50GB of storage for your data")).toBeVisible();
  await page.getByRole("button", { name: "Upgrade Now" }).click();
  await expect(page.getByRole("alert")).toContainText("Payment processing will be implemented later");
  await expect(page).toHaveURL(/\/subscribe$/);
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
  const s = await settle(page, (st) => st.regionMarkers === 1);
  expect(s.regionLabels).toEqual(["Region 1 (1 images)"]);
  await expect(page.getByTestId("storage-card").getByText("0 MB of 50 MB")).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/map");
  await expect(page).toHaveURL(/\/login$/);
  expect(pageErrors).toEqual([]);
});
