/**
 * Teams in Chromium: an owner creates a team from the sidebar and puts a photo in it;
 * an invited crew member follows the mailed link while signed out, signs in, accepts, and lands
 * on the team's map where the owner's photo is, named with who uploaded it.
 */
import { regionKey, type WorkspacesResponse } from "@poleatlas/shared";
import { createConfirmedUser, startSignedIn, waitForMail } from "./support/auth";
import { uploadJpeg } from "./support/map-globe";
import { expect, test } from "./support/map-seed";

test.setTimeout(180_000);

test("from the invitation mail to the team's map, and back to Personal", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const owner = await startSignedIn(page);
  const invitee = await createConfirmedUser();
  const picker = page.getByRole("combobox", { name: "Workspace" });
  await expect(picker).toHaveText("Personal");

  // The owner makes a team from the sidebar; it becomes the active workspace.
  await picker.click();
  await page.getByRole("option", { name: "Create team" }).click();
  const dialog = page.getByRole("dialog", { name: "Create team" });
  await dialog.getByLabel("Team name").fill("North Crew");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog).toBeHidden();
  await expect(picker).toHaveText("North Crew");
  const { active } = (await (await page.request.get("/api/workspaces")).json()) as WorkspacesResponse;
  expect(active).toMatchObject({ kind: "team", name: "North Crew", role: "owner" });

  const spot = { latitude: 59.3293, longitude: 18.0686 };
  const photo = await uploadJpeg(page.request, baseURL!, "team-pole.jpg", {
    gps: spot,
    dateTimeOriginal: "2025:04:02 09:30:00",
  });
  const invited = await page.request.post("/api/auth/organization/invite-member", {
    headers: { origin: baseURL! },
    data: { email: invitee.email, role: "member", organizationId: active.id },
  });
  expect(invited.status(), await invited.text()).toBe(200);

  // The invitee opens the mailed link in a browser where nobody is signed in.
  const mail = await waitForMail(invitee.email, "invited you to a team");
  expect(mail.text).toContain('join the team "North Crew"');
  const link = new URL(mail.links[0]!.url);
  const context = await browser.newContext({ baseURL });
  const crew = await context.newPage();
  await crew.goto(link.pathname);
  await crew.getByRole("link", { name: "Sign in to accept" }).click();
  await crew.getByLabel(/Email/).fill(invitee.email);
  await crew.getByLabel(/^Password/).fill(invitee.password);
  await crew.getByRole("button", { name: "Sign In" }).click();
  await expect(crew.getByText(`${owner.email} invited you to join North Crew as Member.`)).toBeVisible();
  await crew.screenshot({ path: testInfo.outputPath("accept-invitation.png") });
  await crew.getByRole("button", { name: "Accept" }).click();
  await expect(crew).toHaveURL(/\/map$/);
  await expect(crew.getByRole("combobox", { name: "Workspace" })).toHaveText("North Crew");

  // The team's photo is on the member's map, with who uploaded it.
  const region = regionKey(spot.longitude, spot.latitude);
  await crew.goto(`/map?region=${encodeURIComponent(region)}&photo=${photo.id}`);
  const panel = crew.getByTestId("pole-record");
  // A cold load of the globe's chunk on a busy machine holds the page's requests for many seconds.
  await expect(panel.getByRole("group", { name: "Uploaded by" })).toHaveText(`Uploaded by${owner.email}`, {
    timeout: 60_000,
  });
  // A member may not delete the owner's photo: the panel does not offer it.
  await expect(panel.getByRole("button", { name: "Delete image" })).toHaveCount(0);
  await crew.screenshot({ path: testInfo.outputPath("team-map-member.png") });

  // Back to Personal: the team's photo is not there.
  await crew.getByRole("combobox", { name: "Workspace" }).click();
  await crew.getByRole("option", { name: "Personal" }).click();
  await expect(crew.getByRole("combobox", { name: "Workspace" })).toHaveText("Personal");
  await expect(crew).toHaveURL(/\/map$/);
  const regions = (await (await crew.request.get("/api/regions")).json()) as { regions: unknown[] };
  expect(regions.regions).toEqual([]);
  await context.close();
});
