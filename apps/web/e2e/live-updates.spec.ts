/**
 * Live updates in Chromium, two people of one team in their own browsers: the owner rates a
 * photo and the member's open panel and the pole's marker follow without a reload; then the owner
 * removes the member, whose screen says so at once.
 */
import { RISK_COLORS, regionKey, type ImageRecord } from "@poleatlas/shared";
import { createConfirmedUser, signInContext } from "./support/auth";
import { uploadJpeg } from "./support/map-globe";
import { expect, test } from "./support/map-seed";

test.setTimeout(180_000);

test("a teammate's rating reaches the open panel and the marker; a removal reaches the screen", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const headers = { origin: baseURL! };
  const owner = await createConfirmedUser();
  await signInContext(page.context(), owner);
  const created = await page.request.post("/api/auth/organization/create", {
    headers,
    data: { name: "North Line", slug: `north-line-${Date.now()}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  const teamId = ((await created.json()) as { id: string }).id;
  const active = await page.request.post("/api/auth/organization/set-active", {
    headers,
    data: { organizationId: teamId },
  });
  expect(active.status()).toBe(200);
  const spot = { latitude: 60.1699, longitude: 24.9384 };
  const photo: ImageRecord = await uploadJpeg(page.request, baseURL!, "live-pole.jpg", {
    gps: spot,
    dateTimeOriginal: "2025:05:05 10:00:00",
  });

  // The member joins through the API in a browser of their own and opens the photo's panel.
  const crewUser = await createConfirmedUser();
  const invited = await page.request.post("/api/auth/organization/invite-member", {
    headers,
    data: { email: crewUser.email, role: "member", organizationId: teamId },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const context = await browser.newContext({ baseURL });
  await signInContext(context, crewUser);
  const crew = await context.newPage();
  const accepted = await crew.request.post("/api/auth/organization/accept-invitation", {
    headers,
    data: { invitationId: ((await invited.json()) as { id: string }).id },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const crewActive = await crew.request.post("/api/auth/organization/set-active", {
    headers,
    data: { organizationId: teamId },
  });
  expect(crewActive.status()).toBe(200);
  const region = regionKey(photo.longitude!, photo.latitude!);
  // The tab's live stream for the team: opened once the page knows its workspace.
  const streamOpen = crew.waitForResponse((r) => r.url().includes(`/api/events?workspace=${teamId}`), {
    timeout: 90_000,
  });
  await crew.goto(`/map?globeTestHook&region=${encodeURIComponent(region)}&photo=${photo.id}`);
  const panel = crew.getByTestId("pole-record");
  // The globe loads first (software rendering here, two browsers at once).
  await expect(panel.getByRole("heading", { name: "live-pole.jpg" })).toBeVisible({ timeout: 90_000 });
  const pole = photo.pole_id!;
  // This browser has no basemap tiles (the spec fixture serves them to `page` only): the markers
  // are read from the globe's state rather than waiting for a settled picture.
  const look = () =>
    crew.evaluate((id) => window.__poleatlasGlobe?.state().photoMarkerLooks[id]?.fill ?? null, pole);
  await expect.poll(look, { timeout: 60_000 }).toBe("#202020");
  await expect(panel.getByRole("button", { name: "High Risk" })).toHaveAttribute("aria-pressed", "false");

  expect((await streamOpen).status()).toBe(200);
  // The owner rates it High; the member's screen follows without a reload.
  const rated = await page.request.patch(`/api/images/${photo.id}`, { headers, data: { risk: "high" } });
  expect(rated.status(), await rated.text()).toBe(200);
  // Two software-rendered globes on a shared machine: allow for a slow refetch, not for polling.
  await expect(panel.getByRole("button", { name: "High Risk" })).toHaveAttribute("aria-pressed", "true", {
    timeout: 25_000,
  });
  await expect.poll(look).toBe(RISK_COLORS.high);
  await crew.screenshot({ path: testInfo.outputPath("live-rating.png") });

  // The owner removes the member: their screen says so.
  const removed = await page.request.post("/api/auth/organization/remove-member", {
    headers,
    data: { memberIdOrEmail: crewUser.email, organizationId: teamId },
  });
  expect(removed.status(), await removed.text()).toBe(200);
  await expect(crew.getByRole("alert").filter({ hasText: "You were removed from North Line" })).toBeVisible();
  await expect(crew.getByRole("combobox", { name: "Workspace" })).toHaveText("Personal");
  await context.close();
});
