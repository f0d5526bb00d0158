/**
 * The pole register import end to end: a new user opens 'Import poles' in the sidebar, picks a
 * small CSV, sees the dry run (counts, a rejected row, the area), imports it, and the globe shows
 * the new region with its poles without a reload; opening the region draws the three poles. A pole
 * without photos opens as its record, is edited, visited and given a finding without leaving the
 * map, and the region's pole list opens another by keyboard. Then a photo far away is moved to
 * one of those poles found by its tag in the panel's move list.
 */
import { regionKey } from "@poleatlas/shared";
import { clickMarkerByHook, globeShows, uploadJpeg } from "./support/map-globe";
import { createConfirmedUser, signInContext } from "./support/auth";
import { expect, test } from "./support/map-seed";

test.setTimeout(180_000);

const CSV = [
  "pole_id,latitude,longitude,material,height_m",
  "P-101,47.3769,8.5417,wood,12",
  "P-102,47.3772,8.5421,wood,12",
  "P-103,47.3775,8.5425,steel,14",
  "P-104,97.1,8.5,wood,12",
].join("\n");

test("a CSV register imported from the sidebar shows its poles on the globe without a reload", async ({
  page,
}, testInfo) => {
  await signInContext(page.context(), await createConfirmedUser());
  await page.goto("/map?globeTestHook");
  // The globe is up (its tiles may still come): nothing to show yet.
  await expect
    .poll(() => page.evaluate(() => window.__poleatlasGlobe?.state().regionMarkers), { timeout: 90_000 })
    .toBe(0);

  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Import poles" }).click();
  const dialog = page.getByRole("dialog", { name: "Import poles" });
  await dialog.getByLabel("Choose file").setInputFiles({
    name: "zurich-poles.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(CSV),
  });
  const dry = dialog.getByRole("region", { name: "What the import will do" });
  await expect(dry.getByText("Row 5: latitude 97.1 is out of range")).toBeVisible();
  await expect(dry.getByText("New poles").locator("xpath=following-sibling::dd")).toHaveText("3");
  await expect(dry.getByText(/Area: 47\.37690, 8\.54170 to 47\.37750, 8\.54250/)).toBeVisible();
  await dialog.screenshot({ path: testInfo.outputPath("pole-import-dry-run.png") });

  await dialog.getByRole("button", { name: "Import 3 poles" }).click();
  await expect(dialog.getByText("3 new, 0 updated. The poles are on the map.")).toBeVisible();
  await dialog.screenshot({ path: testInfo.outputPath("pole-import-done.png") });
  await dialog.getByRole("button", { name: "Close" }).click();

  // The new region, counted in poles, without a reload.
  // Labels go to markers in view: set once the globe has drawn the new marker.
  const shown = await globeShows(page, (s) => s.regionMarkers === 1 && s.regionLabels.length === 1, 120_000);
  expect(shown.regionLabels).toEqual(["Region 1 (3 poles, 0 images)"]);
  // Opened, the region draws the three poles (markers without photos). globeShows, not settle: the
  // next click goes through the test hook, not to a spot on the canvas, so the tiles need not be in.
  await clickMarkerByHook(page, { kind: "region", id: regionKey(8.5417, 47.3769) });
  await globeShows(page, (s) => s.mode.mode === "region" && s.photoMarkers === 3, 120_000);

  // A pole without photos opens as a record: its tag as heading (focused), its register fields.
  const found = await page.request.get("/api/poles?tag=P-103");
  const [p103] = ((await found.json()) as { poles: { id: string }[] }).poles;
  await clickMarkerByHook(page, { kind: "photo", id: p103!.id });
  const record = page.getByTestId("pole-record");
  await expect(record.getByRole("heading", { level: 2, name: "P-103" })).toBeFocused();
  await expect(record.getByLabel("Material")).toContainText("Steel");
  await expect(record.getByText("No photos of this pole yet.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`pole=${p103!.id}`));

  // Without leaving the map: its circuit set, a visit with no defects, a finding.
  await record.getByLabel("Circuit").fill("F12");
  await record.getByLabel("Circuit").press("Tab");
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/poles/${p103!.id}`)).json()) as PoleBody).pole.circuit,
    )
    .toBe("F12");
  const visits = record.getByRole("region", { name: "Inspection visits" });
  await expect(visits.getByText("No inspection on record")).toBeVisible();
  await visits.getByRole("button", { name: "Record visit" }).click();
  const visit = page.getByRole("dialog", { name: "Record an inspection visit" });
  await visit.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Patrol" }).click();
  await visit.getByRole("button", { name: "No defects found" }).click();
  await visit.getByRole("button", { name: "Save visit" }).click();
  await expect(visit).toBeHidden();
  await expect(visits.getByText("No defects found")).toBeVisible();
  await record.getByRole("button", { name: "Add finding" }).click();
  const finding = page.getByRole("dialog", { name: "Add finding" });
  await finding.getByRole("combobox", { name: "Code" }).click();
  await page.getByRole("option", { name: /^lean/ }).click();
  await finding.getByRole("button", { name: "Level 2" }).click();
  await finding.getByRole("button", { name: "Save" }).click();
  await expect(finding).toBeHidden();
  await expect(record.getByTestId("finding")).toContainText("lean");
  await expect(record.getByText(/^Medium: 1 open Level 2 finding/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("photoless-pole-record.png") });

  // By keyboard: the skip link, then the region's pole list, where Enter opens P-101.
  await page.goto(`/map?globeTestHook&region=${encodeURIComponent(regionKey(8.5417, 47.3769))}`);
  await globeShows(page, (s) => s.mode.mode === "region" && s.photoMarkers === 3, 120_000);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to map content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: /^P-101/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(record.getByRole("heading", { level: 2, name: "P-101" })).toBeFocused();
});

type PoleBody = { pole: { circuit: string | null } };

test("a photo is moved to an imported pole found by its tag, wherever it stands", async ({
  page,
  baseURL,
}, testInfo) => {
  await signInContext(page.context(), await createConfirmedUser());
  const res = await page.request.post("/api/poles/import", {
    headers: { origin: baseURL! },
    multipart: { file: { name: "zurich-poles.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) } },
  });
  expect(res.status(), await res.text()).toBe(200);
  // A photo in Berlin, far from every imported pole: its own pole, its own region.
  const photo = await uploadJpeg(page.request, baseURL!, "berlin.jpg", {
    gps: { latitude: 52.520008, longitude: 13.404954 },
    dateTimeOriginal: "2024:05:01 10:00:00",
  });
  await page.goto(
    `/map?globeTestHook&region=${encodeURIComponent(regionKey(13.404954, 52.520008))}&photo=${photo.id}`,
  );
  const panel = page.getByTestId("pole-record");
  const search = panel.getByRole("combobox", { name: "Find a pole by tag or label" });
  await search.pressSequentially("p-10", { delay: 40 });
  const options = page.getByRole("listbox").getByRole("option");
  await expect(options).toHaveText([/^P-101 · \d+(\.\d)? km S/, /^P-102 /, /^P-103 /]);
  await page.screenshot({ path: testInfo.outputPath("move-tag-search.png") });
  await options.nth(1).click();
  await expect(page.getByText("Moved to P-102")).toBeVisible();
  const poles = await page.request.get("/api/poles?tag=P-102");
  const [p102] = ((await poles.json()) as { poles: { id: string }[] }).poles;
  const moved = await page.request.get(`/api/images/${photo.id}`);
  expect(((await moved.json()) as { image: { pole_id: string } }).image.pole_id).toBe(p102!.id);
});
