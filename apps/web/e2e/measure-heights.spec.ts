/**
 * Heights measured on a photo: a crew's photo of a pole with a height stick against it (made by a
 * pinhole camera tilted up, so where each height lands is known) is opened from the pole record;
 * the user marks the pole's base and the stick's metre graduations, then a cable on the pole,
 * saves, and reads the cable's height: within 3 in (7.6 cm) of the height it was drawn at.
 */
import { createConfirmedUser, signInContext } from "./support/auth";
import { uploadPhoto } from "./support/map-globe";
import { expect, test } from "./support/map-seed";
import { atHeight, makeStickPhoto, STICK_PHOTO } from "./support/stick-photo";

test.setTimeout(60_000);

const STICK_TOP_M = 5;
const CABLE_M = 6.4;
const TOLERANCE_M = 0.076;

test("a cable's height is read off a stick photo to within 3 in", async ({ page, baseURL }, testInfo) => {
  await signInContext(page.context(), await createConfirmedUser());
  const gps = { latitude: 47.3769, longitude: 8.5417 };
  const photo = await uploadPhoto(
    page.request,
    baseURL!,
    "stick.jpg",
    await makeStickPhoto(gps, STICK_TOP_M, CABLE_M),
  );

  await page.goto(`/map?globeTestHook&pole=${photo.pole_id!}`);
  const record = page.getByTestId("pole-record");
  await record.getByRole("button", { name: "Measure a photo" }).click();
  const dialog = page.getByRole("dialog", { name: "Measure a photo" });
  const img = dialog.getByRole("img", { name: "stick.jpg" });
  await expect(img).toHaveCSS("opacity", "1");
  const clickAt = async ([u, v]: [number, number]) => {
    const box = (await img.boundingBox())!;
    await page.mouse.click(
      box.x + (u * box.width) / STICK_PHOTO.width,
      box.y + (v * box.height) / STICK_PHOTO.height,
    );
  };

  // The base, then each metre of the stick: the tool offers 0 m, 1 m, 2 m… in turn.
  for (let m = 0; m <= STICK_TOP_M; m++) await clickAt(atHeight(m));
  await expect(dialog.getByLabel(`Height of Stick mark ${STICK_TOP_M}`)).toHaveValue(`${STICK_TOP_M} m`);
  await dialog.getByRole("button", { name: "Points to measure" }).click();
  await clickAt(atHeight(CABLE_M));
  await dialog.getByLabel("Kind of Point 1").selectOption("communication");
  await dialog.getByLabel("Label of Point 1 (optional)").fill("Cable");

  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/images/${photo.id}/measurements`));
  await dialog.getByRole("button", { name: "Save heights" }).click();
  const response = await saved;
  expect(response.status(), await response.text()).toBe(201);
  const { measurement } = (await response.json()) as {
    measurement: { points: { height_m: number; uncertainty_m: number }[] };
  };
  const [cable] = measurement.points;
  expect(Math.abs(cable!.height_m - CABLE_M)).toBeLessThan(TOLERANCE_M);
  await expect(dialog.getByTestId("measured-height")).toHaveText(
    `Cable: ${cable!.height_m.toFixed(2)} m ± ${cable!.uncertainty_m.toFixed(2)} m`,
  );
  await page.screenshot({ path: testInfo.outputPath("measure-heights.png") });
});
