/**
 * A pole placed where it stands: a register pole sits in the street where the crew stood; four
 * photos taken around it carry their compass bearings and lenses. In the pole record the user marks
 * the pole in each photo, sees the estimate with its rays on the globe, moves the pole there, and
 * the pole's history shows the move. The photos are made so that the pole stands in the middle of
 * each (the camera looked straight at it), so a click in the middle of a photo is the true mark.
 */
import { createConfirmedUser, signInContext } from "./support/auth";
import { globeShows, uploadJpeg } from "./support/map-globe";
import { expect, test } from "./support/map-seed";

test.setTimeout(180_000);

type Position = { latitude: number; longitude: number };
const TRUTH: Position = { latitude: 46.2044, longitude: 6.1432 };
const M_PER_DEG_LAT = 111_320;
const mPerDegLon = M_PER_DEG_LAT * Math.cos((TRUTH.latitude * Math.PI) / 180);
const at = (east: number, north: number) => ({
  latitude: TRUTH.latitude + north / M_PER_DEG_LAT,
  longitude: TRUTH.longitude + east / mPerDegLon,
});
const metresBetween = (a: Position, b: Position) =>
  Math.hypot((a.latitude - b.latitude) * M_PER_DEG_LAT, (a.longitude - b.longitude) * mPerDegLon);
// Four cameras 8–12 m from the pole, all on the street side (south of it).
const CAMERAS = [
  [-10, -6],
  [-4, -9],
  [3, -10],
  [9, -7],
] as const;

test("a pole is located from four photos' bearings and moved where it stands", async ({
  page,
  baseURL,
}, testInfo) => {
  await signInContext(page.context(), await createConfirmedUser());
  const street = at(0, -9);
  const register = ["pole_id,latitude,longitude", `L-1,${street.latitude},${street.longitude}`].join("\n");
  const imported = await page.request.post("/api/poles/import", {
    headers: { origin: baseURL! },
    multipart: { file: { name: "geneva.csv", mimeType: "text/csv", buffer: Buffer.from(register) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  for (const [i, [east, north]] of CAMERAS.entries()) {
    // The bearing from the camera to the pole: the pole stands in the middle of the photo.
    const heading = ((Math.atan2(-east, -north) * 180) / Math.PI + 360) % 360;
    await uploadJpeg(page.request, baseURL!, `view-${i + 1}.jpg`, {
      gps: at(east, north),
      heading,
      focal35: 28,
      width: 640,
      height: 480,
      dateTimeOriginal: `2025:04:0${i + 1} 10:00:00`,
    });
  }
  const [pole] = (
    (await (await page.request.get("/api/poles?tag=L-1")).json()) as { poles: { id: string }[] }
  ).poles;

  await page.goto(`/map?globeTestHook&pole=${pole!.id}`);
  const record = page.getByTestId("pole-record");
  await expect(record.getByRole("heading", { level: 2, name: "L-1" })).toBeVisible();
  await expect(record.getByText("Position: from the register import")).toBeVisible();
  await record.getByRole("button", { name: "Locate from photos" }).click();
  for (let i = 1; i <= 4; i++) {
    await record.getByRole("button", { name: `Mark the pole in view-${i}.jpg` }).click();
    const dialog = page.getByRole("dialog", { name: `Mark the pole in view-${i}.jpg` });
    const area = dialog.getByRole("slider", { name: `Photo view-${i}.jpg: mark where the pole stands` });
    await expect(area).toHaveAttribute("aria-valuemax", "640");
    await area.click();
    await expect(area).toHaveAttribute("aria-valuenow", /^(319|320|321)$/);
    await dialog.getByRole("button", { name: "Set mark" }).click();
    await expect(dialog).toBeHidden();
  }

  // The estimate and its rays on the globe before anything moves.
  await expect(record.getByText(/± \d+(\.\d)? m \(90 %\)/)).toBeVisible();
  await globeShows(page, (s) => s.previewPoints > 0, 60_000);
  await page.screenshot({ path: testInfo.outputPath("locate-estimate.png") });
  await record.getByRole("button", { name: "Move pole here" }).click();
  await expect(record.getByText("Position: from photo bearings")).toBeVisible();

  const moved = (await (await page.request.get(`/api/poles/${pole!.id}`)).json()) as {
    pole: { latitude: number; longitude: number };
  };
  expect(metresBetween(moved.pole, TRUTH)).toBeLessThan(1.5);
  expect(metresBetween(street, TRUTH)).toBeGreaterThan(8);
  // The audit trail keeps the move, with where the pole stood before.
  const history = (await (await page.request.get(`/api/poles/${pole!.id}/history`)).json()) as {
    entries: { action: string; details: { before?: Position & { position_source?: string } } }[];
  };
  const move = history.entries.find(
    (e) => e.action === "pole.update" && e.details.before?.position_source === "import",
  );
  expect(metresBetween(move!.details.before!, street)).toBeLessThan(0.01);
  await expect(record.getByRole("list", { name: "History" })).toContainText("Pole edited");
});
