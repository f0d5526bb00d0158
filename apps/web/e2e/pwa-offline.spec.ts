/**
 * Offline map: after one visit /map opens with no network and shows the regions, poles
 * and thumbnail last seen, saying it is offline and how old the data is. Sign-out, and another
 * user signing in, leave nothing of the first user's data in the service worker's caches.
 */
import { createConfirmedUser, signInContext } from "./support/auth";
import { openInApp } from "./support/in-app";
import { globeShows, settle } from "./support/map-globe";
import { BERLIN_POLES, expect, test } from "./support/map-seed";
import { cachedPaths, cacheNames, waitForController } from "./support/pwa";

test.use({ serviceWorkers: "allow" });

const DATA_CACHE = "poleatlas-data";

test("after one visit the map reloads offline with its regions, poles and thumbnail", async ({
  page,
  context,
  baseURL,
  readOnlyMap,
}, testInfo) => {
  test.setTimeout(180_000);
  const { berlin, spot } = readOnlyMap;
  const photo = spot[2];
  const regionUrl = `/map?globeTestHook&region=${encodeURIComponent(berlin.id)}&photo=${photo.id}`;

  // One visit: the worker installs, takes the page and keeps what it had loaded before; the
  // map's data goes through it from then on.
  await page.goto("/map?globeTestHook");
  await waitForController(page);
  await settle(page, (s) => s.regionMarkers === 2);
  // Into the region as a click would go: the same page, its requests through the worker.
  await openInApp(page, regionUrl);
  const panel = page.getByTestId("pole-record");
  await expect(panel.getByText("Photo 3 of 3")).toBeVisible();
  await settle(page, (s) => s.photoMarkers === BERLIN_POLES);
  await expect(page.getByRole("status").filter({ hasText: "Offline" })).toHaveCount(0);
  await expect
    .poll(() => cachedPaths(page, DATA_CACHE))
    .toEqual(
      expect.arrayContaining([
        "/api/regions",
        `/api/poles?region=${encodeURIComponent(berlin.id)}`,
        // The open photo's panel: its record and its pole's timeline.
        `/api/images/${photo.id}`,
        `/api/poles/${photo.pole_id}`,
        new URL(photo.thumbnail_url, baseURL).pathname,
      ]),
    );
  // The session is never kept.
  const kept = await cachedPaths(page, DATA_CACHE);
  expect(kept.filter((p) => p.startsWith("/api/auth"))).toEqual([]);

  await context.setOffline(true);
  await page.goto("/map?globeTestHook");
  await expect(page.getByText(/^Offline — showing data from /)).toBeVisible();
  // What the globe was given is the check here; the region's settle below waits for the picture.
  const overview = await globeShows(page, (s) => s.regionMarkers === 2 && s.regionLabels.length === 2);
  expect([...overview.regionLabels].sort()).toEqual(["Region 1 (4 images)", "Region 2 (2 images)"]);

  // Offline, into the region from the reloaded overview: its poles and photo from the copies.
  await openInApp(page, regionUrl);
  await expect(panel.getByText("Photo 3 of 3")).toBeVisible();
  await settle(page, (s) => s.photoMarkers === BERLIN_POLES && s.selectedPhotoId === photo.id);
  // The panel shows a picture (the full photo may come from the browser's own HTTP cache), and
  // the thumbnail is there offline, kept by the worker with the time it was stored.
  const shown = panel.getByRole("img", { name: photo.name });
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const thumb = await page.evaluate(
    async ([url, cacheName]) => {
      const res = await fetch(url);
      const kept = await caches.match(url, { cacheName });
      return {
        status: res.status,
        size: (await res.blob()).size,
        cachedAt: kept?.headers.get("x-poleatlas-cached-at"),
      };
    },
    [photo.thumbnail_url, DATA_CACHE] as const,
  );
  expect(thumb.status).toBe(200);
  expect(thumb.size).toBeGreaterThan(0);
  expect(thumb.cachedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  // The sidebar reads from its copies too, rather than showing errors.
  await expect(page.getByText("Could not load your storage usage.")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("map-offline.png") });
  await expect(page.getByText(/^Offline — showing data from /)).toBeVisible();

  // Back online, the banner goes with the first fresh answer.
  await context.setOffline(false);
  await page.reload();
  await globeShows(page, (s) => s.photoMarkers === BERLIN_POLES);
  await expect(page.getByText(/^Offline/)).toHaveCount(0);
});

test("Logout clears the cached data, and the next visit offline shows none of it", async ({
  page,
  context,
  readOnlyMap,
}) => {
  const { berlin } = readOnlyMap;
  await page.goto("/map?globeTestHook");
  await waitForController(page);
  // The region opened in the same page: the worker, which controls it now, keeps its poles.
  await openInApp(page, `/map?globeTestHook&region=${encodeURIComponent(berlin.id)}`);
  await globeShows(page, (s) => s.photoMarkers === BERLIN_POLES);
  const kept = ["/api/regions", `/api/poles?region=${encodeURIComponent(berlin.id)}`];
  await expect.poll(() => cachedPaths(page, DATA_CACHE)).toEqual(expect.arrayContaining(kept));

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await cacheNames(page)).not.toContain(DATA_CACHE);
  expect(await page.evaluate(() => localStorage.getItem("poleatlas.offline-user"))).toBeNull();

  // Offline, nobody is signed in any more: the map does not open on the old data.
  await context.setOffline(true);
  await page.goto("/map");
  await expect(page.getByText("Region 1")).toHaveCount(0);
  expect(await cachedPaths(page, DATA_CACHE)).toEqual([]);
});

test("another user signing in on the same browser never gets the first user's copies", async ({
  page,
  context,
  readOnlyMap,
}) => {
  const { berlin } = readOnlyMap;
  await page.goto("/map?globeTestHook");
  await waitForController(page);
  // The region opened in the same page: the worker, which controls it now, keeps its poles.
  await openInApp(page, `/map?globeTestHook&region=${encodeURIComponent(berlin.id)}`);
  await globeShows(page, (s) => s.photoMarkers === BERLIN_POLES);
  const polesOfFirst = `/api/poles?region=${encodeURIComponent(berlin.id)}`;
  await expect.poll(() => cachedPaths(page, DATA_CACHE)).toContain(polesOfFirst);

  // The session changes under the app (a new sign-in without Logout, as after an expiry).
  await context.clearCookies();
  await signInContext(context, await createConfirmedUser());
  await page.goto("/map?globeTestHook");
  await settle(page, (s) => s.regionMarkers === 0);
  expect(await cachedPaths(page, DATA_CACHE)).not.toContain(polesOfFirst);

  await context.setOffline(true);
  await page.goto(`/map?globeTestHook&region=${encodeURIComponent(berlin.id)}`);
  await expect(page.getByText(/^Offline/)).toBeVisible();
  const s = await settle(page);
  expect(s.photoMarkers).toBe(0);
  expect(s.regionLabels).toEqual([]);
});
