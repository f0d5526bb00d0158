/**
 * Inspections: a finding added on a photo turns its pole red and puts it in the work list;
 * resolving it returns the pole to its colour before. The work list by keyboard and with axe, at
 * 1280 px and a phone's 390 px, and every function of it reached by keyboard at 400 % zoom.
 * Screenshots of the work list and dashboard.
 */
import { RISK_COLORS } from "@poleatlas/shared";
import type { Page } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { openInApp } from "./support/in-app";
import { globeShows, settle } from "./support/map-globe";
import { BERLIN_POLES, expect, seedMap, test } from "./support/map-seed";
import { press, tabStops, tabTo, watchFocus } from "./support/keyboard";

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
  const row = table.getByRole("row").filter({ hasText: "lean" });
  await expect(row).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("work-list.png") });
  expect(await seriousViolations(page)).toEqual([]);
  // A step by keyboard: the row's menu, 'Edit…', a work order, saved.
  await row.getByRole("button", { name: /^Actions for lean on / }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Resolve…" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  const edit = page.getByRole("dialog", { name: "Edit finding" });
  await edit.getByRole("textbox", { name: "Work order" }).focus();
  await page.keyboard.type("WO-7");
  await edit.getByRole("button", { name: "Save" }).focus();
  await page.keyboard.press("Enter");
  await expect(edit).toBeHidden();
  await expect(row).toContainText("WO-7");
  // Chosen by keyboard, announced, and the bulk bar offers every step.
  await table.getByRole("checkbox", { name: "Select every finding on this page" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("status").filter({ hasText: /selected$/ })).toHaveText("1 selected");
  await expect(page.getByRole("combobox", { name: "Apply" })).toBeVisible();
  await page.keyboard.press("Space");
  // A phone's width (the list measures its own): cards, each function kept, no serious violation.
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole("list", { name: "Work list" });
  await expect(cards.getByRole("listitem").filter({ hasText: "lean" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Filters/ })).toBeVisible();
  // The select-all box that had the keyboard went with the table: the heading has it now.
  await expect(page.getByRole("heading", { level: 1, name: "Work list" })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath("work-list-390.png") });
  // Nothing wider than the screen: no sideways scrolling (WCAG 1.4.10).
  const wider = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((e) => `${e.outerHTML.slice(0, 120)} ${JSON.stringify(e.getBoundingClientRect())}`)
      .slice(0, 5),
  );
  expect(wider).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await everyFunctionAtZoom400(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(table).toBeVisible();
  await openInApp(page, "/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Open findings by level, last 12 months" })).toBeVisible();
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

/**
 * The work list as a 1280 × 800 window shows it zoomed to 400 % (320 × 200 CSS px, WCAG 1.4.10):
 * every function is reached by Tab and stands inside the width once reached; the filters' dialog
 * and a finding's menu open, fit and close by keyboard.
 */
async function everyFunctionAtZoom400(page: Page) {
  await page.setViewportSize({ width: 320, height: 200 });
  // From the top of the screen: back from its heading (which took the keyboard as the table
  // gave way) to the first control.
  await page.getByRole("heading", { level: 1, name: "Work list" }).focus();
  await watchFocus(page);
  await tabTo(page, page.getByRole("link", { name: "Back to map" }), { back: true });
  // The page's last stop: its pagination's size (one page: the page buttons are disabled).
  const stops = await tabStops(page, /Rows per page/);
  const names = stops.map((s) => s.name);
  for (const fn of [
    "Back to map",
    "My work",
    /^Filters/,
    /Sort by/,
    "Descending",
    "Select every finding of this filter",
    "Select every finding on this page",
    "Export CSV",
    /^Pole at /,
    /^Actions for lean on /,
    /Rows per page/,
  ])
    expect(names, String(fn)).toContainEqual(typeof fn === "string" ? fn : expect.stringMatching(fn));
  expect(stops.filter((s) => s.left < -1 || s.right > 321)).toEqual([]);

  await tabTo(page, page.getByRole("button", { name: /^Filters/ }), { back: true });
  await press(page, "Enter");
  const filters = page.getByRole("dialog", { name: "Filters" });
  await expect(filters).toBeVisible();
  const inDialog = await tabStops(page, /^Close$/);
  expect(inDialog.length).toBeGreaterThan(2);
  expect(inDialog.filter((s) => s.left < -1 || s.right > 321)).toEqual([]);
  await press(page, "Escape");
  await expect(filters).toBeHidden();
  await expect(page.getByRole("button", { name: /^Filters/ })).toBeFocused();

  await tabTo(page, page.getByRole("button", { name: /^Actions for lean on / }));
  await press(page, "Enter");
  const items = page.getByRole("menuitem");
  await expect(page.getByRole("menuitem", { name: "Resolve…" })).toBeFocused();
  for (const box of await Promise.all((await items.all()).map((i) => i.boundingBox())))
    expect(box!.x + box!.width).toBeLessThanOrEqual(321);
  await press(page, "Escape");
  await expect(page.getByRole("button", { name: /^Actions for lean on / })).toBeFocused();
}
