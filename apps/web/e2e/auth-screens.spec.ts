/** The auth screens' messages and looks: validation, the four reset-link messages, screenshots. */
import type { Page, TestInfo } from "@playwright/test";
import { api, createConfirmedUser, mailedResetToken, waitForMail } from "./support/auth";
import { expireResetLinks } from "./support/e2e-database";
import { expect, test } from "./support/fixtures";

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ fullPage: true });
  await testInfo.attach(name, { body, contentType: "image/png" });
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

const newLinkButton = (page: Page) => page.getByRole("button", { name: "Request a new password reset link" });

test("the login screen: both tabs, black background, keyboard, and the validation messages", async ({
  page,
}, testInfo) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "PoleAtlas" })).toBeVisible();
  await expect(page.getByText("Spatial Intelligence for the Built World")).toBeVisible();
  const background = await page.locator("main").evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toBe("rgb(0, 0, 0)");
  await shot(page, testInfo, "login-tab");

  // Keyboard: the e-mail field has focus; Tab reaches the password; arrows switch tabs.
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(/^Password/)).toBeFocused();
  await page.getByRole("tab", { name: "Login" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Sign Up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Confirm Password")).toBeVisible();

  await page.getByLabel("Email").fill("someone@example.test");
  await page.getByLabel(/^Password/).fill("secret1");
  await page.getByLabel("Confirm Password").fill("secret2");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
  await shot(page, testInfo, "sign-up-tab-error");

  await page.getByLabel(/^Password/).fill("abc");
  await page.getByLabel("Confirm Password").fill("abc");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters long");

  // Switching tabs clears the error.
  await page.getByRole("tab", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByLabel("Email").fill("");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter your email address");
});

test("the reset page's four link messages, and the way to a new link", async ({ page }, testInfo) => {
  await page.goto("/reset-password");
  await expect(
    page.getByText("No reset token found. Please request a new password reset link."),
  ).toBeVisible();
  await expect(newLinkButton(page)).toHaveCount(0);
  await shot(page, testInfo, "reset-no-token");

  await page.goto("/reset-password?token=abc");
  await expect(page.getByText("Invalid password reset link. Please request a new one.")).toBeVisible();
  await expect(newLinkButton(page)).toBeVisible();
  await shot(page, testInfo, "reset-invalid");

  // A used link: reset once through the API, then open it.
  const used = await createConfirmedUser();
  const usedLink = await mailedResetToken(used.email);
  expect(
    (await api("POST", "/api/auth/reset-password", { token: usedLink.token, newPassword: "used-once-1" }))
      .status,
  ).toBe(200);
  await page.goto(usedLink.link);
  await expect(
    page.getByText("This password reset link has already been used or is invalid. Please request a new one."),
  ).toBeVisible();
  await shot(page, testInfo, "reset-used");

  // An expired link; the spinner shows while the server is asked.
  const late = await createConfirmedUser();
  const lateLink = await mailedResetToken(late.email);
  expect(await expireResetLinks(late.id)).toBeGreaterThan(0);
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/auth-status/reset-token*", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(lateLink.link);
  await expect(page.getByRole("progressbar", { name: "Verifying your reset link" })).toBeVisible();
  await shot(page, testInfo, "reset-verifying");
  release();
  await expect(
    page.getByText("Your password reset link has expired. Please request a new one."),
  ).toBeVisible();
  await shot(page, testInfo, "reset-expired");
  await page.unroute("**/api/auth-status/reset-token*");

  await newLinkButton(page).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter your email address");
  await page.getByLabel("Email").fill(late.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Password reset instructions have been sent to your email")).toBeVisible();
  await shot(page, testInfo, "forgot-password-sent");
  // The page's request mailed a new link.
  await expect
    .poll(async () => (await waitForMail(late.email, "Reset your PoleAtlas password")).links[0]?.url)
    .not.toBe(lateLink.link);
});

test("the reset form checks the new password before calling", async ({ page }) => {
  const user = await createConfirmedUser();
  const { link } = await mailedResetToken(user.email);
  await page.goto(link);
  await page.getByLabel(/^New Password/).fill("abcdef");
  await page.getByLabel("Confirm New Password").fill("abcdeg");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
  await page.getByLabel(/^New Password/).fill("abc");
  await page.getByLabel("Confirm New Password").fill("abc");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters long");
  await page.getByRole("button", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
