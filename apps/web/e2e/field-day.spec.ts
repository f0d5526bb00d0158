/**
 * A field day end to end, as its users walk it: the office imports the pole register (State Plane
 * feet) through 'Import poles'; four photos taken 15 m from a pole on its four sides, each facing
 * it, go in through 'Upload Images' and all join that pole; the record takes a visit and a
 * finding; the work list assigns it and starts the work; the record resolves it with a photo of
 * the repair and rates the pole; the export's CSV says the pole's condition. The pole's history
 * reads as sentences at each step. Then the crew's part again on a phone (390×844, touch) in the
 * same workspace: photos of another pole, a visit and a finding in the bottom sheet, with axe on
 * the screens it passes. A browser is needed for the real file pickers, the upload over tus, the
 * download and the screens one after the other; each screen's own states are component tests.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { poleMarkersSchema, regionKey } from "@poleatlas/shared";
import { createConfirmedUser, e2eBaseUrl, signInContext, type E2EUser } from "./support/auth";
import { seriousViolations } from "./support/axe";
import {
  expectHistory,
  metresBetween,
  offset,
  photosAround,
  REGISTER,
  registerCsv,
} from "./support/field-day";
import { expect, test } from "./support/map-seed";
import { makeJpeg } from "./support/photo-fixtures";
import { parseCsv } from "../../server/test/export/support";

test.describe.configure({ mode: "serial" });
// Only catches a hang: every step waits for what the user sees, and on a busy machine a click on
// the map's screens waits seconds for the globe's frames.
test.setTimeout(300_000);

const [, SF2, SF3] = REGISTER as [never, (typeof REGISTER)[number], (typeof REGISTER)[number]];
const DAY = /\d{4}-\d{2}-\d{2}/.source;

/** Named, as people are: the history names them, and an e2e address would read as an id. */
const OFFICE = { name: "Alex Moreno", email: `alex.moreno-${randomUUID().slice(0, 8)}@example.test` };
/** The office's user; the phone's test signs in as the same one. */
let user: E2EUser | undefined;

interface TagPole {
  id: string;
  tag: string;
  latitude: number;
  longitude: number;
  photo_count: number;
}

async function registerPoles(page: Page): Promise<TagPole[]> {
  const res = await page.request.get("/api/poles?tag=SF-");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { poles: TagPole[] }).poles;
}

/** Every pole of the regions the register and the photos fall in: no photo may have made one. */
async function polesAround(page: Page): Promise<number> {
  const keys = new Set(
    REGISTER.flatMap((p) => [-20, 20].map((d) => regionKey(p.longitude + d / 1e5, p.latitude))),
  );
  let n = 0;
  for (const key of keys) {
    const res = await page.request.get(`/api/poles?region=${encodeURIComponent(key)}`);
    n += poleMarkersSchema.parse(await res.json()).ids.length;
  }
  return n;
}

/** Opens a pole's record from the search box, by its tag, as a user finds a pole. */
async function findPole(page: Page, tag: string, touch = false) {
  const input = page.getByRole("combobox", { name: "Search poles by tag or label, or places" });
  await (touch ? input.tap() : input.click());
  await input.pressSequentially(tag, { delay: 30 });
  const option = page.getByRole("listbox").getByRole("option", { name: new RegExp(`^${tag} `) });
  await (touch ? option.tap() : option.click());
  const record = page.getByTestId("pole-record");
  await expect(record.getByRole("heading", { level: 2, name: tag })).toBeVisible();
  return record;
}

/** A fresh user with the register imported through the API: the workspace the phone's test needs. */
async function registerThroughApi(page: Page): Promise<E2EUser> {
  const fresh = await createConfirmedUser(OFFICE);
  await signInContext(page.context(), fresh);
  const res = await page.request.post("/api/poles/import?crs=EPSG:2227", {
    headers: { origin: e2eBaseUrl() },
    multipart: {
      file: { name: "sf-register.csv", mimeType: "text/csv", buffer: Buffer.from(registerCsv()) },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return fresh;
}

async function uploadThroughDialog(
  page: Page,
  files: Awaited<ReturnType<typeof photosAround>>,
  touch = false,
) {
  const nav = page.getByRole("navigation", { name: "Main" });
  if (touch) await page.getByRole("button", { name: "Open menu" }).tap();
  const open = nav.getByRole("button", { name: "Upload Images" });
  await (touch ? open.tap() : open.click());
  const dialog = page.getByRole("dialog", { name: "Upload Images" });
  await page.getByLabel("Image files").setInputFiles(files);
  for (const f of files) await expect(dialog.getByRole("listitem", { name: f.name })).toBeVisible();
  return dialog;
}

test("the office's day: register, photos on the pole, visit, finding, work, repair, export", async ({
  page,
}, testInfo) => {
  user = await createConfirmedUser(OFFICE);
  await signInContext(page.context(), user);
  await page.goto("/map");

  // The register, in the coordinate system the utility keeps it in.
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Import poles" }).click();
  const importer = page.getByRole("dialog", { name: "Import poles" });
  const crs = importer.getByRole("combobox", { name: "Coordinate system" });
  await crs.fill("2227");
  await page.getByRole("option", { name: /^NAD83 \/ California zone 3 \(ftUS\) \(EPSG:2227\)/ }).click();
  await importer.getByLabel("Choose file").setInputFiles({
    name: "sf-register.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(registerCsv()),
  });
  const dry = importer.getByRole("region", { name: "What the import will do" });
  await expect(dry.getByText("New poles").locator("xpath=following-sibling::dd")).toHaveText("4");
  await importer.getByRole("button", { name: "Import 4 poles" }).click();
  await expect(importer.getByText("4 new, 0 updated. The poles are on the map.")).toBeVisible();
  await importer.getByRole("button", { name: "Close" }).click();
  // Where GDAL says the feet put them: within a centimetre.
  const imported = await registerPoles(page);
  expect(imported.map((p) => p.tag)).toEqual(REGISTER.map((p) => p.tag));
  for (const p of REGISTER)
    expect(
      metresBetween(
        imported.find((i) => i.tag === p.tag)!,
        p,
      ),
    ).toBeLessThan(0.01);

  // Four photos from 15 m, one from each side, each facing the pole: all of them its own.
  const upload = await uploadThroughDialog(page, await photosAround(SF2, 15, "2026:12:07", "sf2"));
  await upload.getByRole("button", { name: "Upload Images" }).click();
  await expect(upload).toBeHidden({ timeout: 60_000 });
  const poles = await registerPoles(page);
  expect(poles.map((p) => p.photo_count)).toEqual([0, 4, 0, 0]);
  expect(await polesAround(page)).toBe(4);
  const record = await findPole(page, "SF-2");
  await expect(record.getByText(/^Photo \d of 4$/)).toBeVisible();
  await expectHistory(record, /^Photo uploaded: photo sf2-west\.jpg/);

  // The visit and what it found, recorded in the record.
  const visits = record.getByRole("region", { name: "Inspection visits" });
  await visits.getByRole("button", { name: "Record visit" }).click();
  const visit = page.getByRole("dialog", { name: "Record an inspection visit" });
  await visit.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Detailed" }).click();
  await visit.getByLabel("Inspector").fill("Dana Lee");
  await visit.getByRole("button", { name: "Findings" }).click();
  await visit.getByRole("button", { name: "Save visit" }).click();
  await expect(visit).toBeHidden();
  await expectHistory(
    record,
    new RegExp(`^Detailed inspection of pole SF-2 recorded for ${DAY}: Findings \\(inspector Dana Lee\\)`),
  );
  await record.getByRole("button", { name: "Add finding" }).click();
  const finding = page.getByRole("dialog", { name: "Add finding" });
  await finding.getByRole("combobox", { name: "Code" }).click();
  await page.getByRole("option", { name: /^lean/ }).click();
  await finding.getByRole("button", { name: "Level 2" }).click();
  await finding.getByLabel("Notes").fill("Leaning toward the street");
  await finding.getByRole("button", { name: "Save" }).click();
  await expect(finding).toBeHidden();
  await expect(record.getByText(/^Medium: 1 open Level 2 finding/)).toBeVisible();
  await expectHistory(record, new RegExp(`^Finding lean \\(Level 2\\) on pole SF-2 added, observed ${DAY}`));

  // The work list: assigned, then started.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Work list" }).click();
  const row = page.getByRole("table", { name: "Work list" }).getByRole("row").filter({ hasText: "SF-2" });
  const actions = row.getByRole("button", { name: "Actions for lean on SF-2" });
  await actions.click();
  await page.getByRole("menuitem", { name: /^Edit level, notes, assignee/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit finding" });
  await edit.getByRole("combobox", { name: "Assign to" }).click();
  await page.getByRole("option", { name: "Me" }).click();
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("Assigned");
  await actions.click();
  await page.getByRole("menuitem", { name: "Start work (in progress)" }).click();
  await expect(row).toContainText("In progress");
  await expect(row).toContainText(/\d · Detailed/);
  await page.screenshot({ path: testInfo.outputPath("field-day-work-list.png") });

  // Back to the pole from its row: the work is in its history, by name and step.
  await row.getByRole("link", { name: "SF-2" }).click();
  await expect(record.getByRole("heading", { level: 2, name: "SF-2" })).toBeVisible();
  await expectHistory(record, new RegExp(`^Finding lean \\(Level 2\\) on pole SF-2 assigned to Alex Moreno`));
  await expectHistory(record, /^Finding lean \(Level 2\) on pole SF-2 moved to In progress/);

  // Resolved with a photo of the repair, taken at the pole (2 m from it, at its tag).
  await record.getByRole("button", { name: "Resolve" }).click();
  const resolve = page.getByRole("dialog", { name: "Resolve finding" });
  await resolve.getByLabel(/Action taken/).fill("Pole straightened and tamped");
  await resolve.getByLabel("Choose a new photo").setInputFiles({
    name: "sf2-repair.jpg",
    mimeType: "image/jpeg",
    buffer: await makeJpeg({ gps: offset(SF2, 180, 2), heading: 0, dateTimeOriginal: "2026:12:07 15:00:00" }),
  });
  await expect(resolve.getByText("New photo: sf2-repair.jpg")).toBeVisible();
  await resolve.getByRole("button", { name: "Resolve" }).click();
  await expect(resolve).toBeHidden({ timeout: 60_000 });
  await expect(record.getByTestId("finding")).toContainText("Pole straightened and tamped");
  await expectHistory(
    record,
    new RegExp(`^Finding lean \\(Level 2\\) on pole SF-2 resolved on ${DAY}: Pole straightened and tamped`),
  );
  // The repair photo is the pole's fifth; the pole is rated on it.
  await expect(record.getByText(/^Photo \d of 5$/)).toBeVisible();
  await record.getByRole("button", { name: "Low Risk" }).click();
  await expect(record.getByTestId("pole-risk")).toContainText(/^Risk\s*Low: assessed on/);
  await page.screenshot({ path: testInfo.outputPath("field-day-resolved.png") });

  // The export: the poles as CSV, SF-2's row with its condition and its visit.
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Export" }).click();
  const exporter = page.getByRole("dialog", { name: "Export" });
  await exporter.getByRole("radio", { name: "Poles" }).check();
  await exporter.getByRole("radio", { name: "CSV" }).check();
  const downloading = page.waitForEvent("download");
  await exporter.getByRole("button", { name: "Download" }).click();
  const [header, ...records] = parseCsv(await readFile(await (await downloading).path(), "utf8"));
  const rows = records.map((r) =>
    Object.fromEntries(header!.map((h, i) => [h.replace(/^\uFEFF/, ""), r[i]])),
  );
  const sf2 = rows.find((r) => r.tag === "SF-2");
  expect(sf2).toMatchObject({
    condition: "low",
    condition_source: "rating",
    photo_count: "5",
    inspection_state: "current",
  });
  expect(sf2?.last_visit_on).toMatch(new RegExp(`^${DAY}$`));
  expect(rows.filter((r) => r.tag !== "SF-2").map((r) => r.condition)).toEqual([
    "unrated",
    "unrated",
    "unrated",
  ]);
});

test.describe("the crew's part on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("photos of another pole, a visit and a finding in the bottom sheet", async ({ page }, testInfo) => {
    // Run alone, it imports the register itself.
    user ??= await registerThroughApi(page);
    await signInContext(page.context(), user);
    await page.goto("/map");

    const upload = await uploadThroughDialog(page, await photosAround(SF3, 15, "2026:12:07", "sf3"), true);
    expect(await seriousViolations(page)).toEqual([]);
    await upload.getByRole("button", { name: "Upload Images" }).tap();
    await expect(upload).toBeHidden({ timeout: 60_000 });
    expect((await registerPoles(page)).find((p) => p.tag === "SF-3")?.photo_count).toBe(4);
    expect(await polesAround(page)).toBe(4);

    const sheet = await findPole(page, "SF-3", true);
    await expect(sheet).toHaveAttribute("data-layout", "sheet");
    await expect(sheet.getByText(/^Photo \d of 4$/)).toBeVisible();
    await expectHistory(sheet, /^Photo uploaded: photo sf3-north\.jpg/);
    // The globe's info box fades in: axe reads its colours once it is whole, not half blended.
    const infoBox = page.locator(".cesium-infoBox-visible");
    if (await infoBox.isVisible()) await expect(infoBox).toHaveCSS("opacity", "1");
    expect(await seriousViolations(page)).toEqual([]);

    const visits = sheet.getByRole("region", { name: "Inspection visits" });
    await visits.getByRole("button", { name: "Record visit" }).tap();
    const visit = page.getByRole("dialog", { name: "Record an inspection visit" });
    await visit.getByRole("combobox", { name: "Type" }).tap();
    await page.getByRole("option", { name: "Patrol" }).tap();
    await visit.getByRole("button", { name: "Findings" }).tap();
    expect(await seriousViolations(page)).toEqual([]);
    await visit.getByRole("button", { name: "Save visit" }).tap();
    await expect(visit).toBeHidden();
    await expectHistory(sheet, new RegExp(`^Patrol inspection of pole SF-3 recorded for ${DAY}: Findings`));

    await sheet.getByRole("button", { name: "Add finding" }).tap();
    const finding = page.getByRole("dialog", { name: "Add finding" });
    await finding.getByRole("combobox", { name: "Code" }).tap();
    await page.getByRole("option", { name: /^crossarm/ }).tap();
    await finding.getByRole("button", { name: "Level 1" }).tap();
    expect(await seriousViolations(page)).toEqual([]);
    await finding.getByRole("button", { name: "Save" }).tap();
    await expect(finding).toBeHidden();
    await expect(sheet.getByText(/^High: 1 open Level 1 finding/)).toBeVisible();
    await expectHistory(
      sheet,
      new RegExp(`^Finding crossarm \\(Level 1\\) on pole SF-3 added, observed ${DAY}`),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath("field-day-phone.png") });
  });
});
