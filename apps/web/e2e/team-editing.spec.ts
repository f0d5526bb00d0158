/**
 * Working on one team map from two browsers: owner and member edit the same photo's notes, the
 * second save is refused and the conflict dialog shows both texts (Use mine then wins); and a team
 * photo's link opened while the member's Personal workspace is active switches the tab to the
 * team, while an outsider is told the photo is not found.
 */
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import type { ImageRecord } from "@poleatlas/shared";
import { createConfirmedUser, signInContext, type E2EUser } from "./support/auth";
import { openInApp } from "./support/in-app";
import { uploadJpeg } from "./support/map-globe";
import { expect, test } from "./support/map-seed";

test.setTimeout(180_000);

const TEAM = "Line Crew East";

async function post(request: APIRequestContext, baseURL: string, url: string, data: unknown) {
  const res = await request.post(url, { headers: { origin: baseURL }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** The owner's team with one photo in it, and a member signed in in a browser of their own. */
async function teamWithMember(
  request: APIRequestContext,
  baseURL: string,
  memberContext: BrowserContext,
): Promise<{ teamId: string; photo: ImageRecord; member: E2EUser }> {
  const slug = `line-crew-${Date.now().toString(36)}`;
  const team = await post(request, baseURL, "/api/auth/organization/create", { name: TEAM, slug });
  const teamId = String(team.id);
  await post(request, baseURL, "/api/auth/organization/set-active", { organizationId: teamId });
  const photo = await uploadJpeg(request, baseURL, "shared-pole.jpg", {
    gps: { latitude: 47.3769, longitude: 8.5417 },
    dateTimeOriginal: "2025:03:04 08:15:00",
  });
  const member = await createConfirmedUser();
  const invited = await post(request, baseURL, "/api/auth/organization/invite-member", {
    email: member.email,
    role: "member",
    organizationId: teamId,
  });
  await signInContext(memberContext, member);
  await post(memberContext.request, baseURL, "/api/auth/organization/accept-invitation", {
    invitationId: invited.id,
  });
  return { teamId, photo, member };
}

test("the second of two notes saves opens the conflict dialog with both texts", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Signed in without opening /map: the owner's first page is the photo's.
  const owner = await createConfirmedUser();
  await signInContext(page.context(), owner);
  const context = await browser.newContext({ baseURL });
  const { teamId, photo } = await teamWithMember(page.request, baseURL!, context);
  await post(context.request, baseURL!, "/api/auth/organization/set-active", { organizationId: teamId });
  const crew = await context.newPage();

  // Both open the photo and start typing.
  await page.goto(`/map?globeTestHook&photo=${photo.id}`);
  await crew.goto(`/map?globeTestHook&photo=${photo.id}`);
  const ownerNotes = page.getByTestId("pole-record").getByLabel("Notes");
  const crewNotes = crew.getByTestId("pole-record").getByLabel("Notes");
  // The first screen of a loaded machine (software WebGL) may take a while.
  await expect(ownerNotes).toBeVisible({ timeout: 60_000 });
  await expect(crewNotes).toBeVisible({ timeout: 60_000 });
  await ownerNotes.fill("Crossarm cracked on the north side.\nReplace within a month.");
  await crewNotes.fill("Looks fine from the road.");

  // The owner saves first.
  await page.getByRole("button", { name: "Save notes" }).click();
  await expect(page.getByRole("button", { name: "Save notes" })).toBeHidden();

  // The member's save is refused: the dialog says who changed it and shows both texts.
  await crew.getByRole("button", { name: "Save notes" }).click();
  const dialog = crew.getByRole("dialog", { name: "Someone changed this photo meanwhile" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(owner.email);
  await expect(dialog.getByRole("group", { name: "Notes" })).toContainText(
    "Crossarm cracked on the north side.",
  );
  await expect(dialog.getByRole("group", { name: "Notes" })).toContainText("Looks fine from the road.");
  await crew.screenshot({ path: testInfo.outputPath("conflict-dialog.png") });
  // Nothing was overwritten.
  const kept = (await (await crew.request.get(`/api/images/${photo.id}`)).json()) as { image: ImageRecord };
  expect(kept.image.notes).toBe("Crossarm cracked on the north side.\nReplace within a month.");

  // "Use mine": the member's text is saved, knowingly.
  await dialog.getByRole("button", { name: "Use mine" }).click();
  await expect(dialog).toBeHidden();
  await expect(crew.getByRole("button", { name: "Save notes" })).toBeHidden();
  const saved = (await (await crew.request.get(`/api/images/${photo.id}`)).json()) as { image: ImageRecord };
  expect(saved.image.notes).toBe("Looks fine from the road.");
  await context.close();
});

test("a team photo's link switches a member's tab to the team; an outsider gets 'not found'", async ({
  page,
  browser,
  baseURL,
}) => {
  // The owner only makes the team, through the API: no page of theirs is opened.
  await signInContext(page.context(), await createConfirmedUser());
  const context = await browser.newContext({ baseURL });
  const { photo } = await teamWithMember(page.request, baseURL!, context);
  // The member's session works in Personal.
  await post(context.request, baseURL!, "/api/auth/organization/set-active", { organizationId: null });
  const crew = await context.newPage();
  await crew.goto("/map?globeTestHook");
  await expect(crew.getByRole("combobox", { name: "Workspace" })).toHaveText("Personal", { timeout: 60_000 });

  // The link is followed inside the app: the switch is the link's, whether loaded or not.
  await openInApp(crew, `/map?globeTestHook&photo=${photo.id}`);
  await expect(crew.getByText(`Switched to ${TEAM} to open this photo.`)).toBeVisible({ timeout: 60_000 });
  await expect(crew.getByRole("combobox", { name: "Workspace" })).toHaveText(TEAM);
  await expect(crew.getByTestId("pole-record")).toContainText("shared-pole.jpg");
  await expect(crew.getByText(/not found/)).toHaveCount(0);
  await context.close();

  // Someone who is not in the team learns nothing more than for a photo that does not exist.
  const outsiderContext = await browser.newContext({ baseURL });
  await signInContext(outsiderContext, await createConfirmedUser());
  const outsider = await outsiderContext.newPage();
  await outsider.goto(`/map?globeTestHook&photo=${photo.id}`);
  await expect(
    outsider.getByText("That photo was not found: it may have been deleted, or it is not yours."),
  ).toBeVisible({ timeout: 60_000 });
  await expect(outsider.getByRole("combobox", { name: "Workspace" })).toHaveText("Personal");
  await outsiderContext.close();
});
