/**
 * The two account journeys (sign up and confirm; a forgotten password), in Chromium against the
 * real built server. The reset form and a used link's page have no serious axe violation at
 * 1440 and 390 px.
 */
import { randomUUID } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { createConfirmedUser, E2E_MAILBOX_URL, waitForMail } from "./support/auth";
import { seriousViolationsAtBothSizes } from "./support/axe";
import { expect, test } from "./support/fixtures";

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ fullPage: true });
  await testInfo.attach(name, { body, contentType: "image/png" });
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test("sign up → confirm from the dev mailbox → sign in → log out", async ({ page }, testInfo) => {
  const email = `journey-${randomUUID().slice(0, 8)}@example.test`;
  const password = "journey-pass-1";

  await page.goto("/login");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Account created! Please check your email for confirmation.")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel(/^Password/)).toHaveValue("");
  await shot(page, testInfo, "login-after-sign-up");

  // Not confirmed yet: refused with a clear message.
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Please confirm your email address first");

  await page.goto(E2E_MAILBOX_URL);
  const message = page.locator("article", { hasText: email }).first();
  await expect(message).toContainText("Confirm your PoleAtlas account");
  await shot(page, testInfo, "dev-mailbox");
  await message.getByRole("link", { name: "Confirm your email address" }).click();

  await expect(page).toHaveURL(/\/login\?confirmed=1$/);
  await expect(page.getByText("Your email address is confirmed. You can sign in now.")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/map/);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The session is gone on the server too: /map sends us back.
  await page.goto("/map");
  await expect(page).toHaveURL(/\/login$/);
});

test("forgot password → reset from the mailed link → sign in with the new password", async ({
  page,
}, testInfo) => {
  const user = await createConfirmedUser();
  const newPassword = "brand-new-pass-2";

  await page.goto("/login");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByText("Please enter your email address")).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByText("Password reset instructions have been sent to your email")).toBeVisible();

  const mail = await waitForMail(user.email, "Reset your PoleAtlas password");
  const link = mail.links[0]?.url ?? "";
  expect(link).toMatch(/\/reset-password\?token=/);
  await page.goto(link);
  await expect(page.getByLabel(/^New Password/)).toBeVisible();
  await shot(page, testInfo, "reset-form");
  expect(await seriousViolationsAtBothSizes(page)).toEqual([]);
  await page.getByLabel(/^New Password/).fill(newPassword);
  await page.getByLabel("Confirm New Password").fill(newPassword);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password has been reset successfully")).toBeVisible();
  await shot(page, testInfo, "reset-success");
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  // The old password is gone.
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await shot(page, testInfo, "login-error");

  await page.getByLabel(/^Password/).fill(newPassword);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/map/);

  // The link worked once.
  await page.goto(link);
  await expect(
    page.getByText("This password reset link has already been used or is invalid. Please request a new one."),
  ).toBeVisible();
  expect(await seriousViolationsAtBothSizes(page)).toEqual([]);
});
