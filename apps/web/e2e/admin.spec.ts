/**
 * The team admin page in Chromium: an owner invites a second user from the page, the
 * second user accepts through the API, the owner caps their share of the team's storage and reads it in the audit
 * trail; the new member is shown the page is not for them; made an admin, they may not demote or
 * remove the owner (better-auth's refusals are shown).
 */
import type { APIRequestContext } from "@playwright/test";
import { createConfirmedUser, signInContext, waitForMail } from "./support/auth";
import { expect, test } from "./support/fixtures";

test.setTimeout(120_000);

async function post(request: APIRequestContext, baseURL: string, endpoint: string, data: unknown) {
  const res = await request.post(`/api/auth/organization/${endpoint}`, {
    data,
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

test("an owner invites, caps a member's storage and sees both in the audit trail", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const owner = await createConfirmedUser();
  const crew = await createConfirmedUser();
  await signInContext(page.context(), owner);
  const teamName = `Line Crew ${Date.now()}`;
  const team = await post(page.request, baseURL!, "create", {
    name: teamName,
    slug: `line-crew-${Date.now()}`,
  });
  await post(page.request, baseURL!, "set-active", { organizationId: team.id });

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: `Team admin: ${teamName}` })).toBeVisible();
  await expect(page.getByTestId(`member-${owner.email}`)).toContainText("0 MB of 50 MB");

  // Invite from the page, with the keyboard.
  const invite = page.getByRole("region", { name: "Invite by e-mail" });
  await invite.getByRole("textbox", { name: "E-mail" }).fill(crew.email);
  await invite.getByRole("textbox", { name: "E-mail" }).press("Enter");
  await expect(page.getByText(`Invitation sent to ${crew.email}.`)).toBeVisible();
  const pending = page.getByRole("list", { name: "Pending invitations" });
  await expect(pending).toContainText(crew.email);
  await expect(pending).toContainText("Member");

  // The invitee accepts through the API, with the id from the mailed link.
  const mail = await waitForMail(crew.email, "invited you");
  const invitationId = decodeURIComponent(new URL(mail.links[0]!.url).pathname.split("/").pop()!);
  const crewContext = await browser.newContext({ baseURL });
  await signInContext(crewContext, crew);
  await post(crewContext.request, baseURL!, "accept-invitation", { invitationId });

  await page.reload();
  const row = page.getByTestId(`member-${crew.email}`);
  await expect(row).toContainText("0 MB of 50 MB");
  await expect(page.getByText("No pending invitations.")).toBeVisible();
  await expect(page.getByTestId("team-pool")).toContainText("Team storage: 0 MB of 50 MB");
  const cap = row.getByRole("textbox", { name: `Cap (MB): ${crew.email}` });
  await cap.fill("20");
  await row.getByRole("button", { name: `Save cap: ${crew.email}` }).click();
  await expect(page.getByText(`Cap of ${crew.email} saved.`)).toBeVisible();
  await expect(row).toContainText("0 MB of 20 MB");

  const trail = page.getByRole("table", { name: "Audit trail" });
  const quotaRow = trail.getByRole("row").filter({ hasText: "Member cap set" });
  await expect(quotaRow).toContainText(owner.email);
  await expect(quotaRow).toContainText(crew.email);
  await expect(quotaRow).toContainText("cap: — → 20 MB");
  await expect(trail.getByRole("row").filter({ hasText: "Member invited" })).toContainText(crew.email);

  await page.getByRole("combobox", { name: "Action" }).click();
  await page.getByRole("option", { name: "Member cap set" }).click();
  await expect(trail.getByRole("row")).toHaveCount(2);
  await expect(trail.getByRole("row").nth(1)).toContainText("Member cap set");
  await page.screenshot({ path: testInfo.outputPath("admin-page.png"), fullPage: true });

  // The new member, switched into the team, is turned away without any team data shown.
  await post(crewContext.request, baseURL!, "set-active", { organizationId: team.id });
  const crewPage = await crewContext.newPage();
  await crewPage.goto("/admin");
  await expect(
    crewPage.getByText("Team administration is for the owners and admins of a team."),
  ).toBeVisible();
  await expect(crewPage.getByRole("table")).toHaveCount(0);
  expect((await crewContext.request.get("/api/admin/members")).status()).toBe(403);

  // Made an admin on the page, they may administer the team, but not demote or remove its owner.
  await page.getByRole("combobox", { name: "Action" }).click();
  await page.getByRole("option", { name: "All actions" }).click();
  await row.getByRole("combobox", { name: `Role: ${crew.email}` }).click();
  await page.getByRole("option", { name: "Admin" }).click();
  await expect(page.getByText(`${crew.email} is now Admin.`)).toBeVisible();
  const roleRow = trail.getByRole("row").filter({ hasText: "Role changed" });
  await expect(roleRow).toContainText("role: member → admin");

  await crewPage.reload();
  await expect(crewPage.getByRole("heading", { name: `Team admin: ${teamName}` })).toBeVisible();
  const ownerRow = crewPage.getByTestId(`member-${owner.email}`);
  await ownerRow.getByRole("combobox", { name: `Role: ${owner.email}` }).click();
  await crewPage.getByRole("option", { name: "Viewer" }).click();
  await expect(crewPage.getByText("You are not allowed to update this member")).toBeVisible();
  await ownerRow.getByRole("button", { name: `Remove: ${owner.email}` }).click();
  await crewPage
    .getByRole("dialog", { name: "Remove member" })
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(crewPage.getByText("The team's only owner cannot be removed or demoted.")).toBeVisible();
  await crewPage.screenshot({ path: testInfo.outputPath("admin-refused.png"), fullPage: true });
  await crewPage.reload();
  await expect(crewPage.getByTestId(`member-${owner.email}`).getByRole("combobox")).toHaveText("Owner");
  await crewPage.getByRole("link", { name: "Back to map" }).first().click();
  await expect(crewPage).toHaveURL(/\/map$/);
  await crewContext.close();
});

test("a visitor without a session is sent from /admin to /login", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
});
