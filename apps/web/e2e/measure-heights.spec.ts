/**
 * Heights measured on a photo: a crew's photo of a pole with a height stick against it (made by a
 * pinhole camera tilted up, so where each height lands is known) is opened from the pole record;
 * the user marks the pole's base and the stick's metre graduations, then a cable on the pole,
 * saves, and reads the cable's height: within 3 in (7.6 cm) of the height it was drawn at. Every
 * mark, the first one too, must land on the photo pixel under the pointer when it was clicked
 * (within half a photo pixel, read back from the marks the tool sends): in a desktop window, in
 * that window zoomed in, and on a phone-sized screen.
 */
import type { Page } from "@playwright/test";
import { createConfirmedUser, signInContext } from "./support/auth";
import { uploadPhoto } from "./support/map-globe";
import { expect, test } from "./support/map-seed";
import { atHeight, makeStickPhoto, STICK_PHOTO } from "./support/stick-photo";

test.setTimeout(90_000);

const STICK_TOP_M = 5;
const CABLE_M = 6.4;
const TOLERANCE_M = 0.076;
/** How far a sent mark may be from the photo pixel that was under the pointer, photo pixels. */
const MARK_TOLERANCE_PX = 0.5;

type Pair = [number, number];
interface Sent {
  reference: { at: Pair; height_m: number }[];
  points: { at: Pair }[];
}

/**
 * One measurement in the open tool: each mark is clicked on a whole screen pixel near its target,
 * and the photo pixel under that screen pixel (from the photo's box as shown just before the
 * click) is what the mark must become. Answers the cable's measured height and uncertainty.
 */
async function measureOnce(page: Page, imageId: string, zoomed: boolean) {
  const dialog = page.getByRole("dialog", { name: "Measure a photo" });
  const img = dialog.getByRole("img", { name: "stick.jpg" });
  await expect(img).toHaveCSS("opacity", "1");
  if (zoomed) {
    // Twice as close, about the stick's middle: the base and the cable stay in the frame.
    const box = (await img.boundingBox())!;
    const [u, v] = atHeight(3);
    await page.mouse.move(
      box.x + (u * box.width) / STICK_PHOTO.width,
      box.y + (v * box.height) / STICK_PHOTO.height,
    );
    await page.mouse.wheel(0, -Math.log(2) / 0.0015);
    await expect.poll(async () => (await img.boundingBox())!.width / box.width).toBeCloseTo(2, 3);
  }
  const expected: Pair[] = [];
  const clickAt = async ([u, v]: Pair) => {
    const box = (await img.boundingBox())!;
    const x = Math.round(box.x + (u * box.width) / STICK_PHOTO.width);
    const y = Math.round(box.y + (v * box.height) / STICK_PHOTO.height);
    expected.push([
      ((x - box.x) * STICK_PHOTO.width) / box.width,
      ((y - box.y) * STICK_PHOTO.height) / box.height,
    ]);
    await page.mouse.click(x, y);
  };

  // The base, then each metre of the stick: the tool offers 0 m, 1 m, 2 m… in turn.
  for (let m = 0; m <= STICK_TOP_M; m++) await clickAt(atHeight(m));
  await expect(dialog.getByLabel(`Height of Stick mark ${STICK_TOP_M}`)).toHaveValue(`${STICK_TOP_M} m`);
  await dialog.getByRole("button", { name: "Points to measure" }).click();
  await clickAt(atHeight(CABLE_M));
  await dialog.getByLabel("Kind of Point 1").selectOption("communication");
  await dialog.getByLabel("Label of Point 1 (optional)").fill("Cable");

  const request = page.waitForRequest((r) => r.url().endsWith(`/api/images/${imageId}/measurements`));
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/images/${imageId}/measurements`));
  await dialog.getByRole("button", { name: "Save heights" }).click();
  const sent = (await request).postDataJSON() as Sent;
  const marks = [...sent.reference.map((r) => r.at), ...sent.points.map((p) => p.at)];
  expect(marks).toHaveLength(expected.length);
  marks.forEach((at, i) => {
    const off = Math.hypot(at[0] - expected[i]![0], at[1] - expected[i]![1]);
    expect(off, `mark ${i} at ${at.join(", ")}, clicked on ${expected[i]!.join(", ")}`).toBeLessThan(
      MARK_TOLERANCE_PX,
    );
  });
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
  return cable!;
}

test("a cable's height is read off a stick photo to within 3 in, each mark where it was clicked", async ({
  page,
  baseURL,
}, testInfo) => {
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
  const dialog = page.getByRole("dialog", { name: "Measure a photo" });
  const rounds = [
    { viewport: { width: 1280, height: 720 }, zoomed: false },
    { viewport: { width: 1280, height: 720 }, zoomed: true },
    { viewport: { width: 390, height: 844 }, zoomed: false },
  ];
  for (const [i, round] of rounds.entries()) {
    await page.setViewportSize(round.viewport);
    await record.getByRole("button", { name: "Measure a photo" }).click();
    const cable = await measureOnce(page, photo.id, round.zoomed);
    testInfo.annotations.push({
      type: "cable",
      description: `${round.viewport.width}×${round.viewport.height}${round.zoomed ? " zoomed" : ""}: ${cable.height_m} m`,
    });
    await page.screenshot({ path: testInfo.outputPath(`measure-heights-${i}.png`) });
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  }
});
