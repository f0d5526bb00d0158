/**
 * The search box finds a pole by its label from the overview (the server searches every pole of
 * the workspace), suggests it while typing, and by keyboard alone flies to it with its photo
 * open, the focus on the record's heading and never on the page; from there, still by keyboard
 * alone, a visit is recorded and a finding added, assigned and resolved, the focus checked after
 * every key. A place name searched without a connection says the internet is needed instead of
 * '(not found)'.
 */
import type { Locator, Page } from "@playwright/test";
import { focusKept, press, tabTo, type, watchFocus } from "./support/keyboard";
import { globeShows, settle } from "./support/map-globe";
import { expect, seedMap, test } from "./support/map-seed";

test.setTimeout(180_000);

async function openSearch(page: Page) {
  const input = page.getByRole("combobox", { name: "Search poles by tag or label, or places" });
  await input.focus();
  return input;
}

test("a pole label typed in the overview is suggested, and choosing it by keyboard flies there and opens its photo", async ({
  page,
  baseURL,
}, testInfo) => {
  const { berlin, spot } = await seedMap(page, baseURL!);
  const latest = spot[2];
  const res = await page.request.patch(`/api/poles/${latest.pole_id}`, {
    headers: { origin: baseURL! },
    data: { label: "P-1001" },
  });
  expect(res.status()).toBe(200);

  await page.goto("/map?globeTestHook");
  await globeShows(page, (s) => s.regionMarkers === 2 && s.mode.mode === "overview");
  const input = await openSearch(page);
  await input.pressSequentially("p-100", { delay: 40 });
  const suggestion = page.getByRole("listbox").getByRole("option");
  await expect(suggestion).toHaveText(["P-1001 · pole in Region 1"]);
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await page.screenshot({ path: testInfo.outputPath("search-suggestions.png") });

  // Keyboard only: the arrow marks the suggestion for a screen reader too, Enter takes it.
  await page.keyboard.press("ArrowDown");
  await expect(input).toHaveAttribute(
    "aria-activedescendant",
    (await suggestion.first().getAttribute("id"))!,
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`region=${encodeURIComponent(berlin.id)}.*photo=${latest.id}`));
  const record = page.getByTestId("pole-record");
  await expect(record.getByText("Photo 3 of 3")).toBeVisible();
  await expect(record.getByRole("heading", { level: 2, name: "P-1001" })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  const there = await settle(
    page,
    (s) => s.mode.mode === "region" && s.selectedPoleId === latest.pole_id && !s.flying,
  );
  // Over the pole, not over the region's centre.
  expect(there.cameraHeight).toBeLessThan(3500);
  const onScreen = await page.evaluate(
    ([latitude, longitude]) =>
      window.__poleatlasGlobe?.screenPositionOfPoint({ latitude: latitude!, longitude: longitude! }),
    [latest.latitude, latest.longitude],
  );
  const canvas = (await page.locator(".cesium-widget canvas").boundingBox())!;
  expect(Math.abs(onScreen!.x - canvas.width / 2)).toBeLessThan(40);
  expect(Math.abs(onScreen!.y - canvas.height / 2)).toBeLessThan(40);

  // The pole's work by keyboard alone, from its record: a visit, a finding assigned and then
  // resolved. After every key the focus is on something, never fallen to the page.
  await watchFocus(page);
  await recordVisitByKeyboard(page, record);
  await addFindingByKeyboard(page, record);
  const finding = record.getByTestId("finding");
  await tabTo(page, finding.getByRole("button", { name: /^Actions for lean on / }));
  await press(page, "Enter");
  await expect(page.getByRole("menuitem", { name: "Resolve…" })).toBeFocused();
  await press(page, ["ArrowDown", "Enter"]);
  const edit = page.getByRole("dialog", { name: "Edit finding" });
  await expect(edit).toBeVisible();
  await tabTo(page, edit.getByRole("combobox", { name: "Assign to" }));
  await press(page, "ArrowDown");
  await press(page, "End"); // "Me", after "Unassigned"
  await press(page, "Enter");
  await expect(edit.getByRole("combobox", { name: "Assign to" })).toHaveText("Me");
  await tabTo(page, edit.getByRole("button", { name: "Save" }));
  await press(page, "Enter");
  await expect(edit).toBeHidden();
  await focusKept(page, finding.getByText(/Assigned to /));

  await tabTo(page, finding.getByRole("button", { name: "Resolve" }), { back: true });
  await press(page, "Enter");
  const resolve = page.getByRole("dialog", { name: "Resolve finding" });
  await tabTo(page, resolve.getByRole("textbox", { name: /Action taken/ }));
  await type(page, "Pole straightened and tamped");
  await tabTo(page, resolve.getByRole("button", { name: "Resolve" }));
  await press(page, "Enter");
  await expect(resolve).toBeHidden();
  await focusKept(page, finding.getByText("Pole straightened and tamped"));
});

/** 'Record visit' by keyboard: a patrol today, no defects found. */
async function recordVisitByKeyboard(page: Page, record: Locator) {
  await tabTo(page, record.getByRole("button", { name: "Record visit" }));
  await press(page, "Enter");
  const dialog = page.getByRole("dialog", { name: "Record an inspection visit" });
  await tabTo(page, dialog.getByRole("combobox", { name: "Type" }));
  await press(page, "ArrowDown");
  await expect(page.getByRole("option", { name: "Patrol" })).toBeFocused();
  await press(page, "Enter");
  await tabTo(page, dialog.getByRole("button", { name: "No defects found" }));
  await press(page, "Space");
  await tabTo(page, dialog.getByRole("button", { name: "Save visit" }));
  await press(page, "Enter");
  await expect(dialog).toBeHidden();
  await focusKept(page, record.getByTestId("visit").filter({ hasText: "Patrol" }));
}

/** 'Add finding' by keyboard: a leaning pole, level 1. */
async function addFindingByKeyboard(page: Page, record: Locator) {
  await tabTo(page, record.getByRole("button", { name: "Add finding" }));
  await press(page, "Enter");
  const dialog = page.getByRole("dialog", { name: "Add finding" });
  await tabTo(page, dialog.getByRole("combobox", { name: "Code" }));
  await press(page, "ArrowDown");
  // The menu's own type-ahead: the first code starting with "l".
  await press(page, "l");
  await expect(page.getByRole("option", { name: /^lean/ })).toBeFocused();
  await press(page, "Enter");
  await tabTo(page, dialog.getByRole("button", { name: "Level 1" }));
  await press(page, "Space");
  await tabTo(page, dialog.getByRole("button", { name: "Save" }));
  await press(page, "Enter");
  await expect(dialog).toBeHidden();
  await focusKept(page, record.getByTestId("finding").filter({ hasText: "lean" }));
}

test("a place name searched offline says the internet is needed, not '(not found)'", async ({
  page,
  readOnlyMap: _signedIn,
}) => {
  await page.goto("/map?globeTestHook");
  await globeShows(page, (s) => s.regionMarkers === 2);
  await page.context().setOffline(true);
  const input = await openSearch(page);
  await input.fill("Lisbon");
  await input.press("Enter");
  await expect(input).toHaveAccessibleDescription("“Lisbon”: searching places needs an internet connection");
  await expect(page.getByText("“Lisbon”: searching places needs an internet connection")).toBeVisible();
  await page.context().setOffline(false);
});
