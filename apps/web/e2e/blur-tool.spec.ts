/**
 * Face blurring in real Chromium: a photo with a face arrives blurred (the panel says so), and a
 * member marks another area on the photo and blurs it for good after the confirm.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { createConfirmedUser, signInContext } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { uploadPhoto } from "./support/map-globe";

test.setTimeout(300_000);

test("a member marks an area of a photo and blurs it for good", async ({ page, baseURL }, testInfo) => {
  await signInContext(page.context(), await createConfirmedUser());
  const portrait = await readFile(path.resolve("apps/server/test/fixtures/astronaut.jpg"));
  const bytes = await sharp(portrait)
    .withExifMerge({
      IFD2: { DateTimeOriginal: "2024:05:06 07:08:09" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "52/1 31/1 0/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "13/1 24/1 0/100",
      },
    })
    .jpeg({ quality: 92 })
    .toBuffer();
  const photo = await uploadPhoto(page.request, baseURL!, "crew.jpg", bytes);
  expect(photo.privacy?.faces).toBeGreaterThanOrEqual(1);

  await page.goto(`/map?globeTestHook&photo=${photo.id}`);
  const panel = page.getByTestId("pole-record");
  // The panel waits for the globe, slow in software WebGL on a busy machine.
  await expect(panel.getByText("Blurred: 1 face, 0 by hand")).toBeVisible({ timeout: 150_000 });
  await panel.getByRole("button", { name: "Blur areas" }).click();
  const dialog = page.getByRole("dialog", { name: "Blur areas" });
  const area = dialog.getByTestId("blur-area");
  await expect(area.getByRole("img")).toBeVisible();
  const box = (await area.boundingBox())!;
  // The flag, top left.
  await page.mouse.move(box.x + box.width * 0.02, box.y + box.height * 0.05);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.3, { steps: 5 });
  await page.mouse.up();
  await expect(dialog.getByTestId("blur-mark")).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath("blur-tool.png") });

  await dialog.getByRole("button", { name: "Blur marked areas" }).click();
  const confirm = page.getByRole("dialog", { name: "Blur these areas?" });
  await expect(
    confirm.getByText("1 area will be blurred in the photo and its thumbnail. This cannot be undone."),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("blur-confirm.png") });
  await confirm.getByRole("button", { name: "Blur", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText("Blurred: 1 face, 1 by hand")).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: testInfo.outputPath("blur-done.png") });
});
