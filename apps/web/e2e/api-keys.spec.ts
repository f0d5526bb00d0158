/**
 * API keys end to end: a signed-in user creates a key on /keys, a client using only that key
 * reads the OGC layer (200), and once the key is revoked in the browser the same call is a 401.
 * The page and its revoke dialog have no serious axe violation at 1440 and 390 px.
 */
import type { Page } from "@playwright/test";
import { startSignedIn } from "./support/auth";
import { seriousViolationsAtBothSizes } from "./support/axe";
import { expect, test } from "./support/fixtures";

test.setTimeout(120_000);

/** What a script with only the key gets from /ogc (no cookie). */
const ogcStatus = (page: Page, key: string) =>
  page.evaluate(
    async (k) =>
      (await fetch("/ogc/collections", { headers: { "X-API-Key": k }, credentials: "omit" })).status,
    key,
  );

test("a key made on /keys opens the OGC layer until it is revoked", async ({ page }, testInfo) => {
  await startSignedIn(page, { at: "/keys" });
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.getByText("No API keys yet.")).toBeVisible();

  await page.getByRole("textbox", { name: "Name" }).fill("QGIS office");
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toHaveText(/^pa_/);
  const key = (await shown.textContent()) ?? "";
  await expect(page.getByRole("table", { name: "API keys" })).toContainText("QGIS office");
  // The page with a key shown once and listed: no serious violation at either size.
  expect(await seriousViolationsAtBothSizes(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("api-keys-page.png"), fullPage: true });

  expect(await ogcStatus(page, key)).toBe(200);

  await page.getByRole("button", { name: "Revoke QGIS office" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke this key?" });
  await expect(dialog).toBeVisible();
  expect(await seriousViolationsAtBothSizes(page)).toEqual([]);
  await dialog.screenshot({ path: testInfo.outputPath("api-keys-revoke.png") });
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("Key QGIS office revoked.")).toBeVisible();
  await expect(page.getByText("No API keys yet.")).toBeVisible();

  expect(await ogcStatus(page, key)).toBe(401);
});
