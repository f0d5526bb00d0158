/**
 * Placing a photo without GPS from a GPS track, end to end: the Unplaced photos dialog's 'Place
 * with a GPS track', a GPX uploaded there, the camera clock's offset from a sync photo, the
 * preview's point on the globe, then Apply: the photo leaves the Unplaced list.
 */
import { trackPlacementTexts as texts } from "@poleatlas/shared";
import { createConfirmedUser, signInContext } from "./support/auth";
import { globeShows, settle, uploadJpeg } from "./support/map-globe";
import { expect, test } from "./support/map-seed";

/** A logger's GPX: a walk north-east through Berlin, one fix a minute around 09:00 UTC. */
function gpx(): string {
  const points = Array.from({ length: 11 }, (_, i) => {
    const time = new Date(Date.parse("2024-05-01T08:55:00Z") + i * 60_000).toISOString();
    const lat = (52.515 + i * 0.001).toFixed(6);
    const lon = (13.4 + i * 0.0015).toFixed(6);
    return `<trkpt lat="${lat}" lon="${lon}"><time>${time}</time></trkpt>`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1">` +
    `<trk><name>Berlin walk</name><trkseg>${points.join("")}</trkseg></trk></gpx>`
  );
}

// Software WebGL on a shared machine: the globe's flights and tiles take their time.
test.setTimeout(180_000);

test("a GPS track places a photo without GPS after a preview on the globe", async ({
  page,
  baseURL,
}, testInfo) => {
  await signInContext(page.context(), await createConfirmedUser());
  // The camera's clock runs an hour ahead: it wrote 10:00:00 (no zone; read as UTC) for 09:00Z.
  const lost = await uploadJpeg(page.request, baseURL!, "no-gps.jpg", {
    dateTimeOriginal: "2024:05:01 10:00:00",
  });
  expect(lost.latitude).toBeNull();
  await page.goto("/map?globeTestHook");
  await page.getByRole("button", { name: /Unplaced photos/ }).click();
  const dialog = page.getByRole("dialog", { name: "Unplaced photos" });
  const section = dialog.getByRole("region", { name: texts.title });

  // The track's file input sits hidden in its 'Upload a track' button.
  await page.locator('input[type="file"][accept*=".gpx"]').setInputFiles({
    name: "berlin-walk.gpx",
    mimeType: "application/gpx+xml",
    buffer: Buffer.from(gpx()),
  });
  await expect(section.getByRole("combobox", { name: texts.track })).toHaveText("Berlin walk (11 points)");

  // The photo shows a phone's clock at 09:00:00: the camera is an hour ahead.
  await section.getByRole("button", { name: texts.syncPhoto }).click();
  const sync = section.getByRole("region", { name: texts.syncPhoto });
  await sync.getByRole("button", { name: texts.syncPick("no-gps.jpg") }).click();
  await expect(sync.getByLabel(texts.shownDate)).toHaveValue("2024-05-01");
  await sync.getByLabel(texts.shownTime).fill("09:00:00");
  await expect(sync.getByText("-1 h 00 min 00 s")).toBeVisible();
  await sync.getByRole("button", { name: texts.useOffset }).click();
  await expect(section.getByLabel(texts.offset)).toHaveValue("-3600");

  await section.getByRole("button", { name: texts.preview }).click();
  await expect(dialog).toBeHidden();
  const bar = page.getByRole("status", { name: texts.title });
  await expect(bar).toContainText(texts.previewing(1, 0));
  await settle(page, (s) => s.previewPoints === 1);
  await page.screenshot({ path: testInfo.outputPath("track-preview.png") });

  await bar.getByRole("button", { name: texts.apply }).click();
  await expect(page.getByText(texts.placed(1))).toBeVisible();
  await globeShows(page, (s) => s.previewPoints === 0);
  // Every photo has a place now: the Unplaced entry is gone.
  await expect(page.getByRole("button", { name: /Unplaced photos/ })).toBeHidden();
  const res = await page.request.get(`/api/images/${lost.id}`);
  const placed = ((await res.json()) as { image: { latitude: number; longitude: number } }).image;
  // 09:00:00 on the track: its sixth fix.
  expect(placed.latitude).toBeCloseTo(52.52, 6);
  expect(placed.longitude).toBeCloseTo(13.4075, 6);
  await page.screenshot({ path: testInfo.outputPath("track-applied.png") });
});
