/**
 * Inspections: a finding added on a photo turns its pole red and puts it in the work list;
 * resolving it returns the pole to its colour before. Screenshots of the work list and dashboard.
 */
import { RISK_COLORS } from "@poleatlas/shared";
import { openInApp } from "./support/in-app";
import { globeShows, settle } from "./support/map-globe";
import { BERLIN_POLES, expect, seedMap, test } from "./support/map-seed";

// A long journey (map, work list, dashboard, map again) on a shared machine: each step waits for
// what the user sees; the whole may take minutes when the machine is busy. One page load: the
// screens after the first are opened inside the app, as its links and the browser's history do.
test.setTimeout(360_000);

/** The 'Inspection due' view's fills: current, due, overdue, none on record (as globe/markers.ts). */
const INSPECTION_FILLS = [RISK_COLORS.low, "#ff9800", RISK_COLORS.high, "#202020"];

test("a level 1 finding turns the pole red and lists it; resolving it returns the colour", async ({
  page,
  baseURL,
}, testInfo) => {
  const { berlin, spot } = await seedMap(page, baseURL!);
  const latest = spot[2];
  const mapUrl = `/map?globeTestHook&region=${encodeURIComponent(berlin.id)}&photo=${latest.id}`;
  await page.goto(mapUrl);
  const panel = page.getByTestId("pole-record");
  // The first visit loads the globe's and the panel's code: on a busy machine, more than 20 s.
  await expect(panel.getByText("Photo 3 of 3")).toBeVisible({ timeout: 120_000 });
  const pole = latest.pole_id!;
  const before = await globeShows(page, (s) => s.photoMarkers === BERLIN_POLES && pole in s.photoMarkerLooks);
  const colourBefore = before.photoMarkerLooks[pole];

  await panel.getByRole("button", { name: "Add finding" }).click();
  const dialog = page.getByRole("dialog", { name: "Add finding" });
  await dialog.getByRole("combobox", { name: "Code" }).click();
  await page.getByRole("option", { name: /^lean/ }).click();
  await dialog.getByRole("button", { name: "Level 1" }).click();
  await dialog.getByLabel("Notes").fill("Leaning towards the road");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId("finding")).toContainText("lean");
  // One risk: the open finding's, said with its reason; the quick rating is the photo's assessment.
  await expect(panel.getByTestId("pole-risk")).toContainText("High: 1 open Level 1 finding");
  await expect(panel.getByRole("group", { name: "Assessment of this photo" }).first()).toBeVisible();
  await settle(page, (s) => s.photoMarkerLooks[pole]?.fill === RISK_COLORS.high);
  await page.screenshot({ path: testInfo.outputPath("finding-added.png") });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Work list" }).click();
  await expect(page).toHaveURL(/\/work$/);
  const table = page.getByRole("table", { name: "Work list" });
  await expect(table.getByRole("row").filter({ hasText: "lean" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("work-list.png") });
  await openInApp(page, "/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Open findings by level, last 12 months")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("dashboard.png") });

  await page.goBack();
  // The pole has no tag (its photos made it): its link names where it stands.
  await table
    .getByRole("row")
    .filter({ hasText: "lean" })
    .getByRole("link", { name: /^Pole at / })
    .click();
  await expect(page).toHaveURL(new RegExp(`pole=${pole}`));
  await panel.getByRole("button", { name: "Resolve" }).click();
  const resolve = page.getByRole("dialog", { name: "Resolve finding" });
  await resolve.getByLabel(/Action taken/).fill("Pole straightened and tamped");
  await resolve.getByRole("button", { name: "Resolve" }).click();
  await expect(resolve).toBeHidden();
  await expect(panel.getByTestId("finding")).toContainText("Pole straightened");
  // The work list's link opens the map without the globe's test hook: a map made anew has it.
  await page.goBack();
  await expect(table).toBeVisible();
  await openInApp(page, mapUrl);
  await expect(panel.getByText("Photo 3 of 3")).toBeVisible();
  await settle(page, (s) => JSON.stringify(s.photoMarkerLooks[pole]) === JSON.stringify(colourBefore));

  await page.screenshot({ path: testInfo.outputPath("finding-resolved.png") });

  // The legend's other view: the same poles by inspection state; back to Condition after.
  const legend = page.getByRole("region", { name: "Risk Levels" });
  await legend.getByRole("tab", { name: "Inspection due" }).click();
  await expect(legend.getByRole("button", { name: "Show poles with no inspection on record" })).toBeVisible();
  // Coloured by its inspection state now: one of the view's four looks, never the overdue ring.
  await settle(page, (s) => {
    const look = s.photoMarkerLooks[pole];
    return look !== undefined && INSPECTION_FILLS.includes(look.fill) && look.outline !== "#FF1744";
  });
  await page.screenshot({ path: testInfo.outputPath("legend-inspection.png") });
  await legend.getByRole("tab", { name: "Condition" }).click();
  await globeShows(page, (s) => JSON.stringify(s.photoMarkerLooks[pole]) === JSON.stringify(colourBefore));
});
