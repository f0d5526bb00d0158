/**
 * The map journey in real Chromium with software WebGL: photos seeded through the API in two
 * regions → region markers and labels → a real canvas click into a region → photo markers →
 * select → panel → timeline through three photos at one spot → delete → gone → back to the
 * overview by zooming out. No request may leave 127.0.0.1.
 */
import type { Page } from "@playwright/test";
import { createConfirmedUser, signInContext } from "./support/auth";
import { expect, test } from "./support/fixtures";
import {
  clickMarkerByHook,
  clickMarkerOnCanvas,
  globeState,
  listImages,
  listRegions,
  settle,
  uploadJpeg,
} from "./support/map-globe";

// Cesium in software WebGL is slow (~100 ms a frame and more): a journey takes minutes.
test.setTimeout(300_000);

const SPOT = { latitude: 52.520008, longitude: 13.404954 };

/** Every request the page makes, to check that none leaves this machine. */
function recordHosts(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (req) => urls.push(req.url()));
  return urls;
}

function offMachine(urls: string[]): string[] {
  return urls.filter((u) => {
    const { protocol, hostname } = new URL(u);
    if (protocol === "data:" || protocol === "blob:" || protocol === "about:") return false;
    return hostname !== "127.0.0.1";
  });
}

const localeDate = (page: Page, y: number, m: number, d: number) =>
  page.evaluate(([yy, mm, dd]) => new Date(yy!, mm! - 1, dd).toLocaleDateString(), [y, m, d]);

test("regions, a region's photos, the panel, the timeline and deletion on the globe", async ({
  page,
  baseURL,
}, testInfo) => {
  const urls = recordHosts(page);
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  const user = await createConfirmedUser();
  await signInContext(page.context(), user);
  const base = baseURL!;
  const req = page.request;

  // Region 1 (Berlin): three photos at one spot and one a little away; Region 2 (Paris): two.
  await uploadJpeg(req, base, "spot-2023-01.jpg", { gps: SPOT, dateTimeOriginal: "2023:01:01 09:00:00" });
  await uploadJpeg(req, base, "paris-a.jpg", {
    gps: { latitude: 48.858844, longitude: 2.294351 },
    dateTimeOriginal: "2023:03:01 12:00:00",
    color: { r: 200, g: 60, b: 60 },
  });
  await uploadJpeg(req, base, "spot-2023-06.jpg", {
    gps: SPOT,
    dateTimeOriginal: "2023:06:30 09:00:00",
    color: { r: 60, g: 160, b: 60 },
  });
  await uploadJpeg(req, base, "spot-2024-03.jpg", {
    gps: SPOT,
    dateTimeOriginal: "2024:03:01 09:00:00",
    color: { r: 230, g: 180, b: 30 },
  });
  await uploadJpeg(req, base, "nearby.jpg", {
    gps: { latitude: 52.5251, longitude: 13.4122 },
    dateTimeOriginal: "2023:02:01 09:00:00",
  });
  await uploadJpeg(req, base, "paris-b.jpg", {
    gps: { latitude: 48.8606, longitude: 2.3376 },
    dateTimeOriginal: "2023:04:01 12:00:00",
  });
  const regions = await listRegions(req);
  const berlin = regions.find((r) => r.name === "Region 1")!;
  expect(berlin).toMatchObject({ id: "13.4,52.5", count: 4 });

  await page.goto("/map?globeTestHook");
  await expect(page.getByRole("link", { name: "Map" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Risk Levels" })).toBeVisible();
  for (const level of ["Low Risk", "Medium Risk", "High Risk"])
    await expect(page.getByText(level)).toBeVisible();

  // Overview: one yellow marker per region, labelled 'Region N (count images)'.
  const overview = await settle(page, (s) => s.regionMarkers === 2);
  expect(overview.mode).toEqual({ mode: "overview" });
  expect(overview.softwareRendering).toBe(true);
  expect([...overview.regionLabels].sort()).toEqual(["Region 1 (4 images)", "Region 2 (2 images)"]);
  await page.screenshot({ path: testInfo.outputPath("map-overview.png") });

  // A real mouse click on the canvas, where the Region 1 marker is drawn.
  await clickMarkerOnCanvas(page, { kind: "region", id: berlin.id });
  await expect(page).toHaveURL(/region=13\.4%2C52\.5/);
  const inRegion = await settle(page, (s) => s.mode.mode === "region" && s.photoMarkers === 4);
  expect(inRegion.cameraHeight).toBeGreaterThan(2900);
  expect(inRegion.cameraHeight).toBeLessThan(3100);
  expect(inRegion.regionMarkers).toBe(1); // Region 1's own marker gives way to its photos
  await page.screenshot({ path: testInfo.outputPath("map-region.png") });

  // Select the earliest photo of the spot: the panel and a three-step timeline.
  const photos = await listImages(req, berlin.id);
  const [first, second, third] = ["spot-2023-01.jpg", "spot-2023-06.jpg", "spot-2024-03.jpg"].map((n) =>
    photos.find((p) => p.name === n)!,
  );
  await clickMarkerByHook(page, { kind: "photo", id: first!.id });
  const panel = page.getByTestId("photo-panel");
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`photo=${first!.id}`));
  const date = panel.getByRole("group", { name: "Date" });
  await expect(date).toHaveText(`Date${await localeDate(page, 2023, 1, 1)}`);
  // EXIF keeps seconds to 1/100 (~0.3 m): the stored values are what the panel must show.
  expect(Math.abs(first!.latitude! - SPOT.latitude)).toBeLessThan(1e-5);
  expect(Math.abs(first!.longitude! - SPOT.longitude)).toBeLessThan(1e-5);
  const where = `${first!.latitude!.toFixed(6)}, ${first!.longitude!.toFixed(6)}`;
  expect(where).toMatch(/^52\.5200\d\d, 13\.4049\d\d$/);
  await expect(panel.getByRole("group", { name: "Location" })).toHaveText(`Location${where}`);
  await expect(panel.getByText("Photo 1 of 3")).toBeVisible();
  await expect(panel.getByRole("img", { name: "spot-2023-01.jpg" })).toHaveAttribute("data-full", "true");

  // The timeline steps by date with the arrow keys; the panel and the URL follow.
  await panel.getByRole("slider", { name: "Timeline" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(panel.getByText("Photo 2 of 3")).toBeVisible();
  await expect(panel.getByRole("heading", { name: "spot-2023-06.jpg" })).toBeVisible();
  await expect(date).toHaveText(`Date${await localeDate(page, 2023, 6, 30)}`);
  await page.keyboard.press("ArrowRight");
  await expect(panel.getByText("Photo 3 of 3")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`photo=${third!.id}`));
  await settle(page, (s) => s.selectedPhotoId === third!.id);
  await page.screenshot({ path: testInfo.outputPath("map-panel-timeline.png") });

  // A reload opens the same region and photo.
  await page.reload();
  await expect(page.getByTestId("photo-panel").getByText("Photo 3 of 3")).toBeVisible();
  await settle(
    page,
    (s) => s.mode.mode === "region" && s.selectedPhotoId === third!.id && s.photoMarkers === 4,
  );

  // Delete the shown photo: confirmation, then it leaves the panel's timeline, the globe and the list.
  const usageBefore = ((await (await req.get("/api/storage/usage")).json()) as { usedBytes: number })
    .usedBytes;
  await panel.getByRole("button", { name: "Delete image" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(panel.getByText("Photo 2 of 2")).toBeVisible();
  await expect(panel.getByRole("heading", { name: "spot-2023-06.jpg" })).toBeVisible();
  await settle(page, (s) => s.photoMarkers === 3 && s.selectedPhotoId === second!.id);
  expect((await listImages(req)).map((p) => p.id)).not.toContain(third!.id);
  expect((await req.get(third!.image_url)).status()).toBe(404);
  const usageAfter = ((await (await req.get("/api/storage/usage")).json()) as { usedBytes: number })
    .usedBytes;
  expect(usageAfter).toBeLessThan(usageBefore);

  // Clicking empty space clears the selection.
  const canvas = page.locator(".cesium-widget canvas");
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + 30, box.y + box.height - 60);
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/photo=/);

  // Zooming out above 10000 m returns to the overview, with the new count.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 40 && (await globeState(page)).mode.mode === "region"; i++) {
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(400);
  }
  await expect(page).not.toHaveURL(/region=/);
  const back = await settle(page, (s) => s.mode.mode === "overview" && s.regionMarkers === 2);
  expect(back.cameraHeight).toBeGreaterThan(10_000);
  expect(back.regionLabels).toContain("Region 1 (3 images)");

  // The search box finds a region by name, without any outside geocoder.
  // The box opens when the pointer is over the search button, as for a user.
  await page.locator(".cesium-viewer-geocoderContainer").hover();
  const search = page.locator(".cesium-geocoder-input");
  await search.click();
  await search.fill("Region 2");
  await search.press("Enter");
  await expect(page).toHaveURL(/region=2\.3%2C48\.9/);
  await settle(page, (s) => s.mode.mode === "region" && s.photoMarkers === 2);

  // A link naming only the photo opens its region and the panel.
  await page.goto(`/map?globeTestHook&photo=${second!.id}`);
  await expect(page).toHaveURL(/region=13\.4%2C52\.5/);
  await expect(page.getByTestId("photo-panel").getByText("Photo 2 of 2")).toBeVisible();
  await settle(page, (s) => s.mode.mode === "region" && s.selectedPhotoId === second!.id);

  expect(offMachine(urls)).toEqual([]);
  expect(pageErrors).toEqual([]);
});
