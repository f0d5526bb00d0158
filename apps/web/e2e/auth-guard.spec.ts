import { startSignedIn } from "./support/auth";
import { expect, test } from "./support/fixtures";

test("a visitor without a session is sent from / and /map to /login", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/map");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "PoleAtlas" })).toBeVisible();
});

test("startSignedIn opens /map signed in, and a signed-in visitor to /login goes to /map", async ({
  page,
}) => {
  await startSignedIn(page);
  await expect(page).toHaveURL(/\/map/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/map/);
});
