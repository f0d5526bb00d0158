/**
 * The upload dialog end to end on the real server: generated photos (GPS+date, no GPS, no date)
 * and a GIF dropped on the zone, acknowledgement, uploads with progress over tus, and the result
 * checked through the API and the sidebar. Screenshots: the dialog with warnings, the
 * missing-metadata dialog, and the dialog mid-upload. What the dialog shows and refuses before
 * anything is sent (formats, warnings, the quota, Cancel) is in its component tests
 * (src/features/upload/components/upload-dialog.*.test.tsx).
 */
import type { Page } from "@playwright/test";
import { RESUMABLE_CHUNK_BYTES, RESUMABLE_UPLOAD_PATH, trackPlacementTexts } from "@poleatlas/shared";
import { createConfirmedUser, signInContext } from "./support/auth";
import { openOnJourneyPage } from "./support/in-app";
import { expect, journeyOnOwnMap, test } from "./support/map-seed";
import { makeGif, makeJpeg, makeLargePng, makePng } from "./support/photo-fixtures";

const MB = 1_048_576;
const mb = (bytes: number) => Math.round(bytes / MB);

interface Usage {
  usedBytes: number;
  quotaBytes: number;
}
interface StoredImage {
  name: string;
  latitude: number | null;
  longitude: number | null;
  date: string | null;
  metadata: { fileSize: number };
}

async function usage(page: Page): Promise<Usage> {
  const res = await page.request.get("/api/storage/usage");
  expect(res.status()).toBe(200);
  return (await res.json()) as Usage;
}

async function images(page: Page): Promise<StoredImage[]> {
  const res = await page.request.get("/api/images");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { images: StoredImage[] }).images;
}

const storedNames = async (page: Page) => (await images(page)).map((i) => i.name);

/** The names in `stored` that were not among `earlier`, sorted. */
const newNames = (stored: StoredImage[], earlier: string[]) =>
  stored
    .map((i) => i.name)
    .filter((n) => !earlier.includes(n))
    .sort();

/** Photos sent the plain way (POST /api/images) and tus creations (POST /api/uploads), as they go. */
function countSends(page: Page) {
  const sends = { plain: 0, tus: 0 };
  page.on("request", (req) => {
    if (req.method() !== "POST") return;
    const { pathname } = new URL(req.url());
    if (pathname === "/api/images") sends.plain += 1;
    if (pathname === RESUMABLE_UPLOAD_PATH) sends.tus += 1;
  });
  return sends;
}

async function openDialog(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Upload Images" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Images" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Photos big enough (~0.5–1.5 MB of noise) that a throttled upload shows real progress. */
async function journeyFixtures() {
  return [
    {
      name: "pole-complete.jpg",
      mimeType: "image/jpeg",
      buffer: await makeJpeg({
        noise: true,
        width: 1200,
        height: 900,
        gps: { latitude: 52.520008, longitude: 13.404954 },
        dateTimeOriginal: "2024:05:01 10:22:33",
        color: { r: 46, g: 125, b: 50 },
      }),
    },
    {
      name: "pole-no-gps.jpg",
      mimeType: "image/jpeg",
      buffer: await makeJpeg({
        noise: true,
        width: 1200,
        height: 900,
        dateTimeOriginal: "2024:06:02 08:00:00",
        color: { r: 198, g: 40, b: 40 },
      }),
    },
    {
      name: "pole-no-date.png",
      mimeType: "image/png",
      buffer: await makePng({
        noise: true,
        width: 700,
        height: 500,
        gps: { latitude: -33.8688, longitude: 151.2093 },
        color: { r: 255, g: 179, b: 0 },
      }),
    },
    { name: "animation.gif", mimeType: "image/gif", buffer: await makeGif() },
  ];
}

// One user's uploads on one page, each step after the one before: the steps compare what the
// server holds before and after them, not with an empty account.
test.describe("one user's uploads on one page", () => {
  const journey = journeyOnOwnMap(async (page) => {
    await signInContext(page.context(), await createConfirmedUser());
  });

  test("drop → cards and warnings → acknowledge → upload with progress → stored, usage grew", async ({}, testInfo) => {
    test.setTimeout(120_000);
    const page = journey.page();
    await openOnJourneyPage(page, "/map");
    const before = await usage(page);
    const earlier = await storedNames(page);
    const files = await journeyFixtures();
    const photos = files.filter((f) => f.mimeType !== "image/gif");
    const photoBytes = photos.reduce((sum, f) => sum + f.buffer.length, 0);
    const sends = countSends(page);

    const dialog = await openDialog(page);
    await expect(dialog.getByRole("alert", { name: "Storage usage" })).toHaveText(
      `Storage Usage: ${mb(before.usedBytes)} MB / 50MB`,
    );
    await dialog.getByLabel("Image files").setInputFiles(files);

    // The GIF's removal and each card's warnings: upload-dialog.validation.test.tsx.
    const card = (name: string) => dialog.getByRole("listitem", { name });
    // Thumbnails really decode from their object URLs.
    await expect
      .poll(() =>
        card("pole-no-date.png")
          .getByRole("img")
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.screenshot({ path: testInfo.outputPath("upload-dialog-with-warnings.png") });

    await dialog.getByRole("button", { name: "Upload Images" }).click();
    // What the warning lists, and its button disabled until the box is ticked:
    // upload-dialog.metadata.test.tsx.
    const warning = page.getByRole("dialog", { name: "Important: Missing Metadata" });
    await expect(warning).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("missing-metadata-dialog.png") });
    await warning
      .getByRole("checkbox", { name: "I understand the implications and want to proceed with the upload" })
      .check();
    const proceed = warning.getByRole("button", { name: "Proceed with Upload" });

    // Throttle the upload link so the progress bars can be seen (and photographed) mid-way: ~2.7 MB
    // over three uploads at once leaves each part-way for seconds.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 900 * 1024,
    });
    await proceed.click();
    await expect(warning).toBeHidden();
    const bars = dialog.getByRole("progressbar", { name: /^Upload progress of / });
    await expect(bars).toHaveCount(3);
    // Some file is part-way: more than nothing, less than everything.
    await expect
      .poll(async () => {
        const values = await bars.evaluateAll((els) =>
          els.map((el) => Number(el.getAttribute("aria-valuenow"))),
        );
        return values.some((v) => v > 0 && v < 100);
      })
      .toBe(true);
    // Cancel disabled and Escape refused meanwhile: upload-dialog.upload.test.tsx.
    await card("pole-no-date.png").scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("upload-dialog-mid-upload.png") });

    // The photo without GPS is in Unplaced now: the dialog stays to offer placing it by a track.
    await expect(dialog.getByText(trackPlacementTexts.uploadedUnplaced(1))).toBeVisible({ timeout: 60_000 });
    for (const name of ["pole-complete.jpg", "pole-no-gps.jpg", "pole-no-date.png"])
      await expect(card(name).getByRole("status")).toHaveText("Uploaded");
    await card("pole-no-date.png").scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("upload-dialog-after-upload.png") });
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // Each photo went over the resumable protocol, none the plain way.
    expect(sends).toEqual({ plain: 0, tus: 3 });
    const stored = await images(page);
    expect(newNames(stored, earlier)).toEqual(["pole-complete.jpg", "pole-no-date.png", "pole-no-gps.jpg"]);
    const complete = stored.find((i) => i.name === "pole-complete.jpg");
    expect(complete?.latitude).toBeCloseTo(52.520008, 5);
    expect(complete?.longitude).toBeCloseTo(13.404954, 5);
    expect(complete?.date).toBe("2024-05-01");
    expect(stored.find((i) => i.name === "pole-no-gps.jpg")?.latitude).toBeNull();
    const after = await usage(page);
    expect(after.usedBytes - before.usedBytes).toBe(photoBytes);

    // The sidebar's card follows without a reload, and so does the dialog's alert.
    await expect(page.getByTestId("storage-card")).toContainText(`${mb(after.usedBytes)} MB of 50 MB`);
    const again = await openDialog(page);
    await expect(again.getByRole("alert", { name: "Storage usage" })).toHaveText(
      `Storage Usage: ${mb(after.usedBytes)} MB / 50MB`,
    );
    await expect(again.getByRole("listitem")).toHaveCount(0);
    await again.getByRole("button", { name: "Cancel" }).click();
    await expect(again).toBeHidden();
  });

  test("a link dropped mid-upload resumes from the last piece that arrived", async ({}, testInfo) => {
    test.setTimeout(180_000);
    const page = journey.page();
    await openOnJourneyPage(page, "/map");
    const before = await usage(page);
    const earlier = await storedNames(page);
    // Two pieces; the second one's connection is reset once, before the server gets it.
    const big = await makeLargePng(RESUMABLE_CHUNK_BYTES + 300_000);
    const offsets: number[] = [];
    let dropped = false;
    const pieces = /\/api\/uploads\/[^/?]+$/;
    await page.route(pieces, (route) => {
      const req = route.request();
      if (req.method() !== "PATCH") return route.continue();
      const offset = Number(req.headers()["upload-offset"]);
      offsets.push(offset);
      if (!dropped && offset === RESUMABLE_CHUNK_BYTES) {
        dropped = true;
        return route.abort("connectionreset");
      }
      return route.continue();
    });
    const sends = countSends(page);

    const dialog = await openDialog(page);
    await dialog
      .getByLabel("Image files")
      .setInputFiles({ name: "far-pole.png", mimeType: "image/png", buffer: big });
    const card = dialog.getByRole("listitem", { name: "far-pole.png" });
    await expect(card).toBeVisible();
    await dialog.getByRole("button", { name: "Upload Images" }).click();
    const warning = page.getByRole("dialog", { name: "Important: Missing Metadata" });
    await warning.getByRole("checkbox").check();
    await warning.getByRole("button", { name: "Proceed with Upload" }).click();

    // No GPS: it is stored and in Unplaced, and the dialog stays to offer a track.
    await expect(dialog.getByText(trackPlacementTexts.uploadedUnplaced(1))).toBeVisible({ timeout: 150_000 });
    await expect(card.getByRole("status")).toHaveText("Uploaded");
    await page.screenshot({ path: testInfo.outputPath("upload-resumed.png") });
    // The first piece was not sent again: the retry went on from where the server's bytes end.
    expect(offsets).toEqual([0, RESUMABLE_CHUNK_BYTES, RESUMABLE_CHUNK_BYTES]);
    expect(sends).toEqual({ plain: 0, tus: 1 });
    const stored = (await images(page)).filter((i) => !earlier.includes(i.name));
    expect(stored.map((i) => [i.name, i.metadata.fileSize])).toEqual([["far-pole.png", big.length]]);
    expect((await usage(page)).usedBytes - before.usedBytes).toBe(big.length);
    await page.unroute(pieces);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a file the server refuses shows the server's message; the others are stored", async ({}, testInfo) => {
    const page = journey.page();
    await openOnJourneyPage(page, "/map");
    const earlier = await storedNames(page);
    const good = await makeJpeg({
      gps: { latitude: 40.7128, longitude: -74.006 },
      dateTimeOriginal: "2023:03:03 09:09:09",
    });
    const dialog = await openDialog(page);
    await dialog.getByLabel("Image files").setInputFiles([
      { name: "good.jpg", mimeType: "image/jpeg", buffer: good },
      // A GIF wearing a .jpg name gets past the zone (it trusts the name); the server reads the bytes.
      { name: "disguised.jpg", mimeType: "image/jpeg", buffer: await makeGif() },
    ]);
    const card = (name: string) => dialog.getByRole("listitem", { name });
    await expect(card("disguised.jpg")).toBeVisible();
    await dialog.getByRole("button", { name: "Upload Images" }).click();
    const warning = page.getByRole("dialog", { name: "Important: Missing Metadata" });
    await warning.getByRole("checkbox").check();
    await warning.getByRole("button", { name: "Proceed with Upload" }).click();

    await expect(card("good.jpg").getByText("Uploaded")).toBeVisible();
    const failed = card("disguised.jpg");
    await expect(failed.getByRole("progressbar")).toBeVisible();
    await expect(dialog.getByText(/1 file could not be uploaded/)).toBeVisible();
    const res = await page.request.post("/api/images", {
      multipart: { file: { name: "disguised.jpg", mimeType: "image/jpeg", buffer: await makeGif() } },
    });
    const serverMessage = ((await res.json()) as { message: string }).message;
    expect(res.status()).toBe(415);
    await expect(failed.getByRole("status")).toHaveText(serverMessage);
    await expect(card("good.jpg").getByRole("status")).toHaveText("Uploaded");

    await failed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("upload-with-failure.png") });
    expect(newNames(await images(page), earlier)).toEqual(["good.jpg"]);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("the zone opens the file picker on click and from the keyboard", async () => {
    const page = journey.page();
    await openOnJourneyPage(page, "/map");
    const photo = await makeJpeg({
      gps: { latitude: 35.6762, longitude: 139.6503 },
      dateTimeOriginal: "2022:02:22 22:22:22",
    });
    const dialog = await openDialog(page);
    const zone = dialog.getByRole("button", { name: "Choose images to upload" });
    await expect(zone).toHaveAccessibleDescription("Only JPEG and PNG files are allowed");

    const [byClick] = await Promise.all([page.waitForEvent("filechooser"), zone.click()]);
    expect(byClick.isMultiple()).toBe(true);
    await byClick.setFiles({ name: "clicked.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(dialog.getByRole("listitem", { name: "clicked.jpg" })).toBeVisible();

    await zone.focus();
    const [byKey] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Enter")]);
    await byKey.setFiles({ name: "typed.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(dialog.getByRole("listitem", { name: "typed.jpg" })).toBeVisible();
    await expect(dialog.getByRole("listitem")).toHaveCount(2);
    // Cancel forgetting the files: upload-dialog.validation.test.tsx.
  });
});
