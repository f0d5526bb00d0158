/**
 * The phone layout at 390×844 with touch: the sidebar is a drawer behind 'Open menu',
 * the globe has the full width, the photo panel is a bottom sheet with a usable timeline, the
 * legend is one button, the upload dialog fills the screen, and nothing scrolls sideways. A
 * register pole without photos opens in the same sheet and takes a visit and a finding by touch.
 */
import type { Page } from "@playwright/test";
import { regionKey } from "@poleatlas/shared";
import { makeJpeg } from "./support/photo-fixtures";
import { openInApp } from "./support/in-app";
import { settle, tapMarkerOnCanvas } from "./support/map-globe";
import { createConfirmedUser, signInContext } from "./support/auth";
import { expect, seedMap, SPOT, test } from "./support/map-seed";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
test.setTimeout(180_000);

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("drawer, full-width globe, full-screen upload, bottom sheet with its timeline", async ({
  page,
  baseURL,
}, testInfo) => {
  const { berlin, spot } = await seedMap(page, baseURL!);
  await page.goto(`/map?globeTestHook`);
  await settle(page, (s) => s.regionMarkers >= 2);

  // The globe takes the width; the sidebar waits behind the menu button.
  const canvas = await page.locator(".cesium-widget canvas").boundingBox();
  expect(canvas!.width).toBeGreaterThanOrEqual(0.9 * 390);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  expect(await noSidewaysScroll(page)).toBe(true);
  // The search box at the toolbar's head leaves the menu button free.
  const menuButton = (await page.getByRole("button", { name: "Open menu" }).boundingBox())!;
  const searchBox = (await page.locator(".poleatlas-search-slot").boundingBox())!;
  expect(searchBox.x).toBeGreaterThanOrEqual(menuButton.x + menuButton.width + 4);
  expect(searchBox.width).toBeGreaterThanOrEqual(150);
  const legend = page.getByRole("region", { name: "Risk Levels" });
  await expect(legend.getByRole("button", { name: "Show high-risk poles" })).toBeHidden();
  await legend.getByRole("button", { name: "Risk Levels" }).tap();
  await expect(legend.getByRole("button", { name: "Show high-risk poles" })).toBeVisible();
  await legend.getByRole("button", { name: "Risk Levels" }).tap();
  await page.screenshot({ path: testInfo.outputPath("phone-map.png") });

  // Upload from the drawer: the dialog fills the screen.
  await page.getByRole("button", { name: "Open menu" }).tap();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("phone-drawer.png") });
  await nav.getByRole("button", { name: "Upload Images" }).tap();
  const dialog = page.getByRole("dialog", { name: "Upload Images" });
  await expect(nav).toBeHidden();
  const box = await dialog.boundingBox();
  expect(box).toMatchObject({ x: 0, width: 390 });
  await expect(dialog.getByRole("button", { name: "Take Photo" })).toBeVisible();
  const bytes = await makeJpeg({ gps: SPOT, dateTimeOriginal: "2025:01:05 10:00:00" });
  await page
    .getByLabel("Image files")
    .setInputFiles({ name: "from-phone.jpg", mimeType: "image/jpeg", buffer: bytes });
  await expect(dialog.getByRole("listitem", { name: "from-phone.jpg" })).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("phone-upload.png") });
  await dialog.getByRole("button", { name: "Upload Images" }).tap();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // A tap on a region's marker opens it.
  await settle(page, (s) => s.regionMarkers >= 2);
  await tapMarkerOnCanvas(page, { kind: "region", id: berlin.id });
  await expect(page).toHaveURL(new RegExp(`region=${encodeURIComponent(berlin.id)}`));

  // A photo of the spot: the bottom sheet, its timeline of four visits, moved with a thumb.
  const region = regionKey(SPOT.longitude, SPOT.latitude);
  expect(region).toBe(berlin.id);
  // Opened in the same page, as a link inside the app would: the sheet, not a fresh load, is checked.
  await openInApp(page, `/map?globeTestHook&region=${encodeURIComponent(region)}&photo=${spot[2].id}`);
  const sheet = page.getByTestId("pole-record");
  await expect(sheet).toHaveAttribute("data-layout", "sheet");
  const sheetBox = await sheet.boundingBox();
  expect(sheetBox).toMatchObject({ x: 0, width: 390 });
  expect(sheetBox!.y + sheetBox!.height).toBeCloseTo(844, 0);
  await expect(sheet.getByText("Photo 3 of 4")).toBeVisible();
  // A thumb on the timeline's start goes to the first visit.
  await sheet.getByTestId("photo-timeline").scrollIntoViewIfNeeded();
  const track = await sheet.locator(".MuiSlider-root").boundingBox();
  await page.touchscreen.tap(track!.x + 2, track!.y + track!.height / 2);
  await expect(sheet.getByText("Photo 1 of 4")).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("phone-sheet.png") });
  // What the sheet covers is out of the Tab order while it is open (the legend's button).
  const coveredFocusable = () =>
    page.evaluate(() => {
      const top = document.querySelector("aside[data-layout='sheet']")!.getBoundingClientRect().top;
      return [...document.querySelectorAll<HTMLElement>("main button, main a[href], main [tabindex='0']")]
        .filter((el) => !el.closest("[inert]") && el.getClientRects().length > 0)
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return (r.top + r.bottom) / 2 >= top;
        })
        .map((el) => el.getAttribute("aria-label") ?? el.textContent);
    });
  expect(await coveredFocusable()).toEqual([]);
  await sheet.getByRole("button", { name: "Close" }).tap();
  await expect(legend.getByRole("button", { name: "Risk Levels" })).not.toHaveAttribute("inert");
  await expect(sheet).toBeHidden();
});

test("a register pole without photos opens as a sheet and takes a visit and a finding by touch", async ({
  page,
  baseURL,
}, testInfo) => {
  await signInContext(page.context(), await createConfirmedUser());
  const register = ["pole_id,latitude,longitude,material", "Q-7,46.9480,7.4474,wood"].join("\n");
  const imported = await page.request.post("/api/poles/import", {
    headers: { origin: baseURL! },
    multipart: { file: { name: "bern.csv", mimeType: "text/csv", buffer: Buffer.from(register) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const [pole] = (
    (await (await page.request.get("/api/poles?tag=Q-7")).json()) as { poles: { id: string }[] }
  ).poles;

  await page.goto(`/map?globeTestHook&pole=${pole!.id}`);
  const sheet = page.getByTestId("pole-record");
  await expect(sheet.getByRole("heading", { level: 2, name: "Q-7" })).toBeVisible();
  await expect(sheet).toHaveAttribute("data-layout", "sheet");
  expect(await sheet.boundingBox()).toMatchObject({ x: 0, width: 390 });
  await expect(sheet.getByText("No photos of this pole yet.")).toBeVisible();
  // Brought into view above the sheet, with room for its tag on the right.
  const top = (await sheet.boundingBox())!.y;
  await expect
    .poll(() =>
      page.evaluate((id) => window.__poleatlasGlobe?.screenPositionOf({ kind: "photo", id }), pole!.id),
    )
    .toMatchObject({ x: expect.any(Number) });
  await settle(page);
  const at = await page.evaluate(
    (id) => window.__poleatlasGlobe?.screenPositionOf({ kind: "photo", id }),
    pole!.id,
  );
  expect(at!.x).toBeLessThanOrEqual(390 - 24 - 80);
  expect(at!.y).toBeLessThan(top);

  const visits = sheet.getByRole("region", { name: "Inspection visits" });
  await visits.getByRole("button", { name: "Record visit" }).tap();
  const visit = page.getByRole("dialog", { name: "Record an inspection visit" });
  await visit.getByRole("combobox", { name: "Type" }).tap();
  await page.getByRole("option", { name: "Patrol" }).tap();
  await visit.getByRole("button", { name: "No defects found" }).tap();
  await visit.getByRole("button", { name: "Save visit" }).tap();
  await expect(visit).toBeHidden();
  await expect(visits.getByText("No defects found")).toBeVisible();

  await sheet.getByRole("button", { name: "Add finding" }).tap();
  const finding = page.getByRole("dialog", { name: "Add finding" });
  await finding.getByRole("combobox", { name: "Code" }).tap();
  await page.getByRole("option", { name: /^lean/ }).tap();
  await finding.getByRole("button", { name: "Level 1" }).tap();
  await finding.getByRole("button", { name: "Save" }).tap();
  await expect(finding).toBeHidden();
  await expect(sheet.getByText(/^High: 1 open Level 1 finding/)).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("phone-photoless-pole.png") });
});
