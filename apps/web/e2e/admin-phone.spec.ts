/**
 * Team admin on a 390×844 phone: the page never scrolls sideways, and each member's e-mail, role,
 * usage, cap and Remove are on screen (the members table stacks its cells per member); the audit
 * trail's entries are read on screen too.
 */
import type { Locator, Page } from "@playwright/test";
import { createConfirmedUser, signInContext } from "./support/auth";
import { expect, test } from "./support/fixtures";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
test.setTimeout(120_000);

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Wholly inside the 390 px wide window. */
async function onScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= 390;
}

test("the team admin tables fit a phone: no sideways scroll, the columns that matter on screen", async ({
  page,
  baseURL,
}, testInfo) => {
  const owner = await createConfirmedUser({
    email: `a-rather-long-owner-address-${Date.now()}@utility-field-crews.example.test`,
  });
  await signInContext(page.context(), owner);
  const post = async (endpoint: string, data: unknown) => {
    const res = await page.request.post(`/api/auth/organization/${endpoint}`, {
      data,
      headers: { origin: baseURL! },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as { id: string };
  };
  const team = await post("create", { name: "Phone Crew", slug: `phone-crew-${Date.now()}` });
  await post("set-active", { organizationId: team.id });
  await post("invite-member", {
    email: `someone-invited-${Date.now()}@example.test`,
    role: "member",
    organizationId: team.id,
  });

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Team admin: Phone Crew" })).toBeVisible();
  const row = page.getByTestId(`member-${owner.email}`);
  await expect(row).toContainText("0 MB of 50 MB");
  const trail = page.getByRole("table", { name: "Audit trail" });
  await expect(trail.getByRole("row").filter({ hasText: "Member invited" })).toBeVisible();

  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await onScreen(row.getByText(owner.email))).toBe(true);
  expect(await onScreen(row.getByRole("combobox", { name: `Role: ${owner.email}` }))).toBe(true);
  expect(await onScreen(row.getByText("0 MB of 50 MB"))).toBe(true);
  expect(await onScreen(row.getByRole("textbox", { name: `Cap (MB): ${owner.email}` }))).toBe(true);
  expect(await onScreen(row.getByRole("button", { name: `Remove: ${owner.email}` }))).toBe(true);
  const invited = trail.getByRole("row").filter({ hasText: "Member invited" });
  expect(await onScreen(invited.getByText("Member invited"))).toBe(true);
  expect(await onScreen(invited.getByText(owner.email).first())).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("admin-phone.png"), fullPage: true });
});
