/**
 * The screens checked with axe-core (WCAG 2.x A and AA rules), each at a desktop's 1440 px and a
 * phone's 390 px: sign-in, sign-up, the reset request, the map's overview, a region with a
 * selected photo (at 1280 and 390 px), the upload dialog, the upgrade page, team admin, the
 * invitation page, e-mail alerts and the dashboard. Each must have no serious or critical
 * violation, the globe's info box included (its frame's inside is closed to axe: checked by hand).
 * The globe's own canvas is Cesium's and is left to it; everything around it is ours. Also the
 * keyboard focus ring, the info box letting the keyboard pass, and a phone's targets of 24 px at
 * least.
 */
import sharp from "sharp";
import { createConfirmedUser, signInContext, waitForMail } from "./support/auth";
import { PHONE, seriousViolations, seriousViolationsAtBothSizes } from "./support/axe";
import { openInApp } from "./support/in-app";
import { globeShows } from "./support/map-globe";
import { BERLIN_POLES, expect, test } from "./support/map-seed";

test.setTimeout(240_000);

test("sign-in, sign-up and the reset request have no serious accessibility violation", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toBeFocused();
  expect(await seriousViolationsAtBothSizes(page)).toEqual([]);
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page.getByLabel("Confirm Password")).toBeVisible();
  expect(await seriousViolationsAtBothSizes(page)).toEqual([]);
  // The reset form and a used link are checked where a real link is mailed (auth-journeys).
  await openInApp(page, "/forgot-password");
  await expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible();
  expect(await seriousViolationsAtBothSizes(page)).toEqual([]);
});

test("the map, a selected photo and the upload dialog have no serious violation", async ({
  page,
  readOnlyMap,
}, testInfo) => {
  const { berlin, spot } = readOnlyMap;
  // axe reads the page around the canvas: what the globe was given is enough, not its picture.
  await page.goto("/map?globeTestHook");
  await globeShows(page, (s) => s.regionMarkers === 2);
  // On a phone the sidebar waits behind 'Open menu'.
  const menuButton = page.getByRole("button", { name: "Open menu" });
  const layoutFor = (size: { width: number }) =>
    expect(menuButton).toBeVisible({ visible: size.width === PHONE.width });
  expect(await seriousViolationsAtBothSizes(page, layoutFor)).toEqual([]);

  await page.goto(`/map?globeTestHook&region=${encodeURIComponent(berlin.id)}&photo=${spot[2].id}`);
  await globeShows(page, (s) => s.mode.mode === "region" && s.photoMarkers === BERLIN_POLES);
  const panel = page.getByTestId("pole-record");
  await expect(panel.getByText("Photo 3 of 3")).toBeVisible();

  // The globe's info box shows the selected photo: a titled frame, named buttons.
  const infoBox = page.locator(".cesium-infoBox-visible");
  await expect(infoBox.locator(".cesium-infoBox-title")).toHaveText(spot[2].name);
  const details = infoBox.locator('iframe[title="Selected photo details"]');
  await expect(details).toBeVisible();
  await expect(details.contentFrame().getByRole("rowheader", { name: "Location" })).toBeVisible();
  const close = infoBox.getByRole("button", { name: "Close the details" });
  await expect(close).toBeVisible();
  await expect(
    infoBox.getByRole("button", { name: "Follow the selected pole with the camera" }),
  ).toBeVisible();
  // Wait out its slide-in: axe skips what is still hidden.
  await expect(infoBox).toHaveCSS("opacity", "1");
  expect(await seriousViolations(page)).toEqual([]);
  // The frame's light text stands on the box's dark panel, not on a white backdrop.
  const { channels } = await sharp(await details.screenshot()).stats();
  for (const c of channels.slice(0, 3)) expect(c.mean).toBeLessThan(128);
  await page.screenshot({ path: testInfo.outputPath("region-selected.png") });

  // The keyboard leaves the box as it came in: Tab moves on past the frame, Shift+Tab comes back.
  await close.focus();
  const inBox = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return !!el && (el.tagName === "IFRAME" || !!el.closest(".cesium-infoBox"));
    });
  for (let i = 0; i < 3 && (await inBox()); i++) await page.keyboard.press("Tab");
  expect(await inBox()).toBe(false);
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  expect(await inBox()).toBe(true);
  // On a phone: the same, as a sheet; the info box fits the screen, its buttons and the
  // timeline's thumb are targets of 24 px at least.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel).toHaveAttribute("data-layout", "sheet");
  await expect(infoBox).toHaveCSS("opacity", "1");
  const boxOnPhone = (await infoBox.boundingBox())!;
  expect(boxOnPhone.x).toBeGreaterThanOrEqual(0);
  expect(boxOnPhone.x + boxOnPhone.width).toBeLessThanOrEqual(390);
  expect(boxOnPhone.width).toBeGreaterThanOrEqual(300);
  for (const target of [
    close,
    infoBox.getByRole("button", { name: "Follow the selected pole with the camera" }),
  ]) {
    const size = (await target.boundingBox())!;
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(24);
  }
  const thumb = (await panel.locator(".MuiSlider-thumb").boundingBox())!;
  expect(Math.min(thumb.width, thumb.height)).toBeGreaterThanOrEqual(24);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(panel).toHaveAttribute("data-layout", "side");

  // Closed, it leaves the panel's selection as it was.
  await close.click();
  await expect(page.locator(".cesium-infoBox")).toBeHidden();
  await expect(panel.getByText("Photo 3 of 3")).toBeVisible();

  // The legend's toggles are told apart from the panel's rating buttons by their names
  // (risk-legend.test.tsx). A control reached with the keyboard shows a ring.
  const legend = page.getByRole("region", { name: "Risk Levels" });
  await legend.getByRole("button", { name: "Show low-risk poles" }).focus();
  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThanOrEqual(2);

  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Upload Images" }).click();
  await expect(page.getByRole("dialog", { name: "Upload Images" })).toBeVisible();
  expect(await seriousViolationsAtBothSizes(page)).toEqual([]);
});

test("the upgrade page, team admin and the invitation page have no serious violation", async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await createConfirmedUser();
  const crew = await createConfirmedUser();
  await signInContext(page.context(), owner);
  await page.goto("/subscribe");
  await expect(page.getByRole("heading").first()).toBeVisible();
  expect(await seriousViolationsAtBothSizes(page)).toEqual([]);

  const post = async (endpoint: string, data: unknown) => {
    const res = await page.request.post(`/api/auth/organization/${endpoint}`, {
      data,
      headers: { origin: baseURL! },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as { id: string };
  };
  const team = await post("create", { name: "Axe Crew", slug: `axe-crew-${Date.now()}` });
  await post("set-active", { organizationId: team.id });
  await post("invite-member", { email: crew.email, role: "member", organizationId: team.id });
  // This tab keeps the workspace it started in (Personal): as a new tab would, it starts again
  // from the session's active one, the team.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Team admin: Axe Crew" })).toBeVisible();
  expect(await seriousViolationsAtBothSizes(page)).toEqual([]);
  await expect(page).toHaveTitle("Team admin — PoleAtlas");

  // The team's alerts and dashboard, reached inside the app: each titled and announced, the
  // keyboard on its heading.
  await page.goto("/map?globeTestHook");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeFocused();
  await expect(page).toHaveTitle("Dashboard — PoleAtlas");
  await expect(page.getByRole("figure", { name: /Poles by inspection state/ })).toBeVisible();
  expect(await seriousViolationsAtBothSizes(page)).toEqual([]);
  await page.goto("/notifications");
  await expect(page.getByRole("switch").first()).toBeVisible();
  expect(await seriousViolationsAtBothSizes(page)).toEqual([]);

  const mail = await waitForMail(crew.email, "invited you");
  const link = new URL(mail.links[0]!.url);
  const visitor = await browser.newContext({ baseURL });
  const invited = await visitor.newPage();
  await invited.goto(link.pathname);
  await expect(invited.getByRole("link", { name: "Sign in to accept" })).toBeVisible();
  expect(await seriousViolationsAtBothSizes(invited)).toEqual([]);
  await signInContext(visitor, crew);
  await invited.reload();
  await expect(invited.getByRole("button", { name: "Accept" })).toBeVisible();
  expect(await seriousViolationsAtBothSizes(invited)).toEqual([]);
  await visitor.close();
});
