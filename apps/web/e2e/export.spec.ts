/**
 * Export end to end: a signed-in user with two uploaded photos opens 'Export' in the sidebar,
 * downloads GeoJSON, and the saved file holds both photos at their uploaded coordinates.
 */
import { readFile } from "node:fs/promises";
import { createConfirmedUser, signInContext } from "./support/auth";
import { uploadJpeg } from "./support/map-globe";
import { expect, test } from "./support/map-seed";

test.setTimeout(120_000);

const BERLIN = { latitude: 52.520008, longitude: 13.404954 };
const PARIS = { latitude: 48.858844, longitude: 2.294351 };

interface Feature {
  type: string;
  geometry: { type: string; coordinates: [number, number] } | null;
  properties: { name: string; uploaded_by: string; image_url: string };
}

test("the export dialog downloads a GeoJSON file with both photos", async ({ page, baseURL }, testInfo) => {
  const user = await createConfirmedUser();
  await signInContext(page.context(), user);
  await uploadJpeg(page.request, baseURL!, "berlin.jpg", {
    gps: BERLIN,
    dateTimeOriginal: "2024:05:01 10:00:00",
  });
  await uploadJpeg(page.request, baseURL!, "paris.jpg", {
    gps: PARIS,
    dateTimeOriginal: "2024:05:02 10:00:00",
    color: { r: 200, g: 60, b: 60 },
  });
  await page.goto("/map");

  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog", { name: "Export" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "GeoJSON" })).toBeChecked();
  await dialog.screenshot({ path: testInfo.outputPath("export-dialog.png") });

  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^poleatlas-personal-\d{4}-\d{2}-\d{2}\.geojson$/);
  const file = JSON.parse(await readFile(await download.path(), "utf8")) as {
    type: string;
    features: Feature[];
  };
  expect(file.type).toBe("FeatureCollection");
  expect(file.features.map((f) => f.properties.name)).toEqual(["berlin.jpg", "paris.jpg"]);
  for (const [feature, spot] of [
    [file.features[0], BERLIN],
    [file.features[1], PARIS],
  ] as const) {
    expect(feature?.geometry?.type).toBe("Point");
    const [lon, lat] = feature!.geometry!.coordinates;
    // EXIF stores hundredths of a second of arc: ~1.4e-6 degrees.
    expect(Math.abs(lon - spot.longitude)).toBeLessThan(2e-6);
    expect(Math.abs(lat - spot.latitude)).toBeLessThan(2e-6);
    expect(feature?.properties.uploaded_by).toBe(user.email);
    expect(feature?.properties.image_url).toMatch(/^https?:\/\/[^/]+\/files\//);
  }
  await expect(dialog).toBeHidden();
});
