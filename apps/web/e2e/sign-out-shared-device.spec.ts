/**
 * Logout on a shared device: the next person must find nothing of the previous user. A Logout
 * made offline ends the server's session once the device is back online (the HttpOnly cookie
 * outlives the app's own clean-up), and the photos the browser fetched do not stay in its HTTP
 * cache.
 */
import { authTexts } from "@poleatlas/shared";
import { startSignedIn } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { uploadJpeg } from "./support/map-globe";

// Each starts signed in at /map, whose globe draws in software WebGL here: slow, not stuck.
test.setTimeout(180_000);

test("Logout while offline: signed out on screen, and on the server once back online", async ({
  page,
  context,
  baseURL,
}) => {
  await startSignedIn(page);
  const logout = page.getByRole("button", { name: "Logout" });
  await expect(logout).toBeVisible();
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const serverSession = async () =>
    (await (
      await fetch(new URL("/api/auth/get-session", baseURL), { headers: { cookie } })
    ).json()) as unknown;
  expect(await serverSession()).not.toBeNull();

  await context.setOffline(true);
  await logout.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(authTexts.signOutPending)).toBeVisible();
  // The cookie is HttpOnly: still in the browser, and the server still knows the session.
  expect(await serverSession()).not.toBeNull();

  // Back online, the open page finishes the sign-out by itself.
  await context.setOffline(false);
  await expect(page.getByText(authTexts.signOutPending)).toHaveCount(0);
  await expect.poll(serverSession).toBeNull();

  // The next start opens /login, not the previous user's map.
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("Logout while offline, then a fresh start online: the sign-out goes first", async ({
  page,
  context,
}) => {
  await startSignedIn(page);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await context.setOffline(true);
  // The page is closed before it sees the network again: only the stored mark is left.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText(authTexts.signOutPending)).toBeVisible();
  const next = await context.newPage();
  await page.close();
  const signOuts: string[] = [];
  next.on("request", (r) => {
    if (r.url().endsWith("/api/auth/sign-out")) signOuts.push(r.method());
  });
  await context.setOffline(false);
  await next.goto("/");
  await expect(next).toHaveURL(/\/login$/);
  await expect(next.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(next.getByText(authTexts.signOutPending)).toHaveCount(0);
  expect(signOuts).toEqual(["POST"]);
  await next.goto("/map");
  await expect(next).toHaveURL(/\/login/);
});

test("after Logout the photos are neither in the browser's cache nor served to it", async ({
  page,
  baseURL,
}) => {
  await startSignedIn(page);
  const photo = await uploadJpeg(page.request, baseURL!, "pole.jpg", {
    gps: { latitude: 48.2082, longitude: 16.3738 },
    dateTimeOriginal: "2024:05:01 10:00:00",
  });
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  /** The photo as the page's fetch gets it: from the network, or only from the browser's cache. */
  const fetchPhoto = (cache: RequestCache) =>
    page.evaluate(
      async ([url, mode]) => {
        try {
          return (await fetch(url, { cache: mode, mode: "same-origin" })).status;
        } catch {
          return "no copy";
        }
      },
      [photo.image_url, cache] as const,
    );
  expect(await fetchPhoto("default")).toBe(200);
  expect(await fetchPhoto("only-if-cached")).toBe(200);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The sign-out answer cleared the cache, and a copy the browser may still hold is asked about.
  expect(await fetchPhoto("only-if-cached")).toBe("no copy");
  expect(await fetchPhoto("default")).toBe(401);
});
