/**
 * The Content-Security-Policy the server sends must not get in the way of the app: sign-in, the
 * globe (Cesium's workers, textures and imagery), a photo's panel, the upload and delete dialogs,
 * the login page and the dev mailbox run without one violation in Chromium.
 */
import type { Page } from "@playwright/test";
import { createConfirmedUser, E2E_MAILBOX_URL, signInContext } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { clickMarkerByHook, settle, uploadJpeg } from "./support/map-globe";

test.setTimeout(240_000);
// With the app's service worker running: it must live under the same policy.
test.use({ serviceWorkers: "allow" });

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Every CSP complaint the page (or one of its workers) makes, as console text or an event. */
function watchCsp(page: Page): { console: string[]; events: () => Promise<string[]> } {
  const console: string[] = [];
  const isCsp = (text: string) => /Content[- ]Security[- ]Policy|\bCSP\b/i.test(text);
  page.on("console", (m) => {
    if (isCsp(m.text())) console.push(`${m.type()}: ${m.text()}`);
  });
  page.on("worker", (w) => {
    w.on("console", (m) => {
      if (isCsp(m.text())) console.push(`worker ${w.url()}: ${m.text()}`);
    });
  });
  page.on("pageerror", (e) => {
    if (isCsp(e.message)) console.push(`pageerror: ${e.message}`);
  });
  return {
    console,
    events: () => page.evaluate(() => window.__cspViolations ?? []),
  };
}

test("the app, the globe, its dialogs and the dev mailbox run under the CSP without a violation", async ({
  page,
  baseURL,
}) => {
  await page.context().addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const csp = watchCsp(page);
  const seen: string[] = [];
  const collect = async () => seen.push(...(await csp.events()));

  // The login page (no session yet), then a signed-in map with one photo.
  await page.goto("/login");
  await expect(page.getByRole("button", { name: /sign in/i })).toBeVisible();
  await collect();
  const user = await createConfirmedUser();
  await signInContext(page.context(), user);
  const photo = await uploadJpeg(page.request, baseURL!, "csp.jpg", {
    gps: { latitude: 52.520008, longitude: 13.404954 },
    dateTimeOriginal: "2024:01:02 10:00:00",
  });

  const response = await page.goto("/map?globeTestHook");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await settle(page, (s) => s.regionMarkers === 1);

  // Open the photo: its region, its markers, the panel with the full image from /files.
  await page.goto(`/map?globeTestHook&photo=${photo.id}`);
  const panel = page.getByTestId("pole-record");
  await expect(panel.getByRole("img", { name: "csp.jpg" })).toHaveAttribute("data-full", "true");
  await settle(page, (s) => s.mode.mode === "region" && s.selectedPhotoId === photo.id);
  await clickMarkerByHook(page, { kind: "photo", id: photo.pole_id! });

  // The delete confirmation dialog (cancelled) and the upload dialog.
  await panel.getByRole("button", { name: "Delete image" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByRole("button", { name: "Delete" })).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole("button", { name: "Upload Images" }).click();
  const upload = page.getByRole("dialog");
  await expect(upload.getByRole("heading", { name: "Upload Images" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(upload).toBeHidden();

  // Cesium's own widgets: the base layer picker's panel and the search box.
  await page.locator(".cesium-baseLayerPicker-selected").click();
  await expect(page.locator(".cesium-baseLayerPicker-dropDown-visible")).toBeVisible();
  await page.locator(".cesium-baseLayerPicker-selected").click();
  await settle(page);
  // Cesium's web workers (terrain tiles, geometry) ran under the policy too.
  expect(page.workers().length).toBeGreaterThan(0);
  await collect();

  // The dev mailbox, a page with its own, stricter policy.
  const mailbox = await page.goto(E2E_MAILBOX_URL);
  expect(mailbox?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Dev mailbox" })).toBeVisible();
  await collect();

  expect(csp.console).toEqual([]);
  expect(seen).toEqual([]);
});
