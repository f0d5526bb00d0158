/**
 * Poles on the map: a rating colours its pole's marker and the region's outline, the
 * legend hides a risk level, and a pole's timeline joins photos taken metres apart.
 */
import { RISK_COLORS } from "@poleatlas/shared";
import { createConfirmedUser, e2eBaseUrl, signInContext } from "./support/auth";
import { openOnJourneyPage } from "./support/in-app";
import { globeShows, listImages, listRegions, settle, uploadJpeg } from "./support/map-globe";
import { BERLIN_POLES, expect, journeyOnOwnMap, seedMap, test } from "./support/map-seed";

// The seeded map's user rates a photo, then moves another: one seeding, one page.
test.describe("rating and moving on one seeded map", () => {
  const seeded = journeyOnOwnMap(seedMap);

  test("rating a photo High turns its pole red, outlines the region, and the legend hides it", async ({}, testInfo) => {
    const page = seeded.page();
    const { berlin, spot } = seeded.map();
    const latest = spot[2];
    await openOnJourneyPage(
      page,
      `/map?globeTestHook&region=${encodeURIComponent(berlin.id)}&photo=${latest.id}`,
    );
    const panel = page.getByTestId("pole-record");
    await expect(panel.getByText("Photo 3 of 3")).toBeVisible();
    const unrated = await globeShows(
      page,
      (s) => s.photoMarkers === BERLIN_POLES && s.selectedPhotoId === latest.id,
    );
    // Not rated: a grey ring, never Medium's yellow.
    // Markers are named by their pole's id.
    const pole = latest.pole_id!;
    expect(unrated.photoMarkerLooks[pole]).toEqual({ fill: "#202020", outline: "#B0B0B0" });

    await panel.getByRole("button", { name: "High Risk" }).click();
    const rated = await settle(page, (s) => s.photoMarkerLooks[pole]?.fill === RISK_COLORS.high);
    expect(rated.regionMarkerLooks[berlin.id]?.outline).toBe(RISK_COLORS.high);
    await page.screenshot({ path: testInfo.outputPath("map-pole-high.png") });

    // The legend hides the High poles, and shows them again.
    const legend = page.getByRole("region", { name: "Risk Levels" });
    await legend.getByRole("button", { name: "Show high-risk poles" }).click();
    await expect(legend.getByRole("button", { name: "Show high-risk poles" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await globeShows(page, (s) => s.photoMarkers === BERLIN_POLES - 1 && !(pole in s.photoMarkerLooks));
    await legend.getByRole("button", { name: "Show high-risk poles" }).click();
    await globeShows(page, (s) => s.photoMarkers === BERLIN_POLES);

    // Saved: a reload shows the same rating.
    await page.reload();
    await expect(page.getByTestId("pole-record").getByRole("button", { name: "High Risk" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await globeShows(page, (s) => s.photoMarkerLooks[pole]?.fill === RISK_COLORS.high);
  });

  test("the move list shows each pole's latest photo and rings the one in focus on the globe", async ({}, testInfo) => {
    const page = seeded.page();
    const { berlin, spot } = seeded.map();
    const photo = spot[0];
    await openOnJourneyPage(
      page,
      `/map?globeTestHook&region=${encodeURIComponent(berlin.id)}&photo=${photo.id}`,
    );
    const panel = page.getByTestId("pole-record");
    await globeShows(page, (s) => s.photoMarkers === BERLIN_POLES && s.selectedPhotoId === photo.id);
    await panel.getByRole("combobox", { name: "Move to another pole" }).click();
    const options = page.getByRole("option");
    await expect(options).toHaveCount(BERLIN_POLES - 1);
    // Every seeded pole has photos: each entry shows its latest one, loaded.
    await expect(options.first().locator("img")).toHaveJSProperty("complete", true);
    expect(
      await options
        .first()
        .locator("img")
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await page.keyboard.press("ArrowDown");
    const focused = page.locator("[role=option]:focus");
    const candidate = await focused.getAttribute("data-value");
    expect(candidate).toBeTruthy();
    expect(candidate).not.toBe(photo.pole_id);
    await settle(page, (s) => s.highlightedPoleId === candidate);
    await page.screenshot({ path: testInfo.outputPath("move-list.png") });
    await page.keyboard.press("Enter");
    await expect(page.getByText(/^Moved to /)).toBeVisible();
    // The list is closed: no pole stays ringed.
    await globeShows(page, (s) => s.highlightedPoleId === null);
  });
});

// A user of their own (the timeline's region must be their only one), one page for both steps.
test.describe("one pole's visits, then an unplaced photo", () => {
  const own = journeyOnOwnMap(async (page) => {
    await signInContext(page.context(), await createConfirmedUser());
  });

  test("the timeline of a pole photographed at three dates up to 6 m apart", async () => {
    const page = own.page();
    const lat = 47.3769;
    const lon = 8.5417;
    const metres = (m: number) => m / 111_195;
    const visits = [
      { name: "visit-2022.jpg", date: "2022:05:01 10:00:00", dLat: 0 },
      { name: "visit-2023.jpg", date: "2023:05:01 10:00:00", dLat: metres(3) },
      { name: "visit-2024.jpg", date: "2024:05:01 10:00:00", dLat: metres(6) },
    ];
    for (const [i, v] of visits.entries()) {
      await uploadJpeg(page.request, e2eBaseUrl(), v.name, {
        gps: { latitude: lat + v.dLat, longitude: lon },
        dateTimeOriginal: v.date,
        color: { r: 40 * i, g: 120, b: 200 },
      });
    }
    const [region] = await listRegions(page.request);
    const photos = await listImages(page.request, region!.id);
    expect(new Set(photos.map((p) => p.pole_id)).size).toBe(1);

    await openOnJourneyPage(
      page,
      `/map?globeTestHook&region=${encodeURIComponent(region!.id)}&photo=${photos[0]!.id}`,
    );
    const panel = page.getByTestId("pole-record");
    await expect(panel.getByText("Photo 1 of 3")).toBeVisible();
    await globeShows(page, (s) => s.photoMarkers === 1);
    await panel.getByRole("slider", { name: "Timeline" }).focus();
    await page.keyboard.press("End");
    await expect(panel.getByText("Photo 3 of 3")).toBeVisible();
    await expect(panel.getByRole("heading", { name: "visit-2024.jpg" })).toBeVisible();
  });

  test("a photo without GPS is listed as unplaced and placed by typed coordinates", async () => {
    const page = own.page();
    const lost = await uploadJpeg(page.request, e2eBaseUrl(), "no-gps.jpg", {
      dateTimeOriginal: "2024:02:02 10:00:00",
    });
    expect(lost.latitude).toBeNull();
    await openOnJourneyPage(page, "/map?globeTestHook");
    await page.getByRole("button", { name: /Unplaced photos/ }).click();
    const form = page.getByRole("form", { name: "Place photo: no-gps.jpg" });
    await form.getByLabel("Latitude").fill("-33.8688");
    await form.getByLabel("Longitude").fill("151.2093");
    await form.getByRole("button", { name: "Place photo" }).click();

    await expect(page).toHaveURL(new RegExp(`photo=${lost.id}`));
    await expect(page).toHaveURL(/region=151\.2%2C-33\.9/);
    await expect(page.getByTestId("pole-record").getByRole("group", { name: "Location" })).toHaveText(
      "Location-33.868800, 151.209300",
    );
    await globeShows(
      page,
      (s) => s.mode.mode === "region" && s.photoMarkers === 1 && s.selectedPhotoId === lost.id,
    );
    // Every photo has a place now: the entry is gone.
    await expect(page.getByRole("button", { name: /Unplaced photos/ })).toBeHidden();
  });
});
