import { expect, test } from "./support/fixtures";

test("the login page shows the product name and the tagline", async ({ page }, testInfo) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "PoleAtlas" })).toBeVisible();
  await expect(page.getByText("Spatial Intelligence for the Built World")).toBeVisible();
  const shot = await page.screenshot({ fullPage: true });
  await testInfo.attach("login", { body: shot, contentType: "image/png" });
  await page.screenshot({ path: testInfo.outputPath("login.png") });
});

test("the server answers its health check", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
});
