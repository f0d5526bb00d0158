/**
 * The photos the map specs start from, each test with its own fresh user (or, for tests that only
 * look, one seeded per worker: `readOnlyMap`): Region 1 (Berlin) holds
 * three photos at one spot and one a little away, Region 2 (Paris) two. Also the page watchers
 * every map spec applies: no request may leave 127.0.0.1, the page may log no error, and the map
 * never asks for a region's photos (GET /api/images?region=: 50 MB at 100k poles; the region view
 * draws the compact GET /api/poles?region=).
 */
import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
} from "@playwright/test";
import type { ImageRecord, RegionSummary } from "@poleatlas/shared";
import { createConfirmedUser, e2eBaseUrl, signInContext, type E2EUser } from "./auth";
import { expect, test as base } from "./fixtures";
import { listImages, listRegions, uploadJpeg } from "./map-globe";

export const SPOT = { latitude: 52.520008, longitude: 13.404954 };
/** Region 1's markers in region view: one per pole, the spot's (three photos) and the one nearby. */
export const BERLIN_POLES = 2;

export interface SeededMap {
  berlin: RegionSummary;
  paris: RegionSummary;
  /** The three photos at SPOT by date: 2023-01-01, 2023-06-30, 2024-03-01. */
  spot: [ImageRecord, ImageRecord, ImageRecord];
}

/** A fresh user with the photos above, signed in in `page`'s context. */
export async function seedMap(page: Page, baseURL: string): Promise<SeededMap> {
  await signInContext(page.context(), await createConfirmedUser());
  return seedPhotos(page.request, baseURL);
}

async function seedPhotos(req: APIRequestContext, baseURL: string): Promise<SeededMap> {
  await uploadJpeg(req, baseURL, "spot-2023-01.jpg", { gps: SPOT, dateTimeOriginal: "2023:01:01 09:00:00" });
  await uploadJpeg(req, baseURL, "paris-a.jpg", {
    gps: { latitude: 48.858844, longitude: 2.294351 },
    dateTimeOriginal: "2023:03:01 12:00:00",
    color: { r: 200, g: 60, b: 60 },
  });
  await uploadJpeg(req, baseURL, "spot-2023-06.jpg", {
    gps: SPOT,
    dateTimeOriginal: "2023:06:30 09:00:00",
    color: { r: 60, g: 160, b: 60 },
  });
  await uploadJpeg(req, baseURL, "spot-2024-03.jpg", {
    gps: SPOT,
    dateTimeOriginal: "2024:03:01 09:00:00",
    color: { r: 230, g: 180, b: 30 },
  });
  await uploadJpeg(req, baseURL, "nearby.jpg", {
    gps: { latitude: 52.5251, longitude: 13.4122 },
    dateTimeOriginal: "2023:02:01 09:00:00",
  });
  await uploadJpeg(req, baseURL, "paris-b.jpg", {
    gps: { latitude: 48.8606, longitude: 2.3376 },
    dateTimeOriginal: "2023:04:01 12:00:00",
  });
  const regions = await listRegions(req);
  const berlin = regions.find((r) => r.name === "Region 1")!;
  const paris = regions.find((r) => r.name === "Region 2")!;
  const photos = await listImages(req, berlin.id);
  const byName = (n: string) => photos.find((p) => p.name === n)!;
  return {
    berlin,
    paris,
    spot: [byName("spot-2023-01.jpg"), byName("spot-2023-06.jpg"), byName("spot-2024-03.jpg")],
  };
}

/** Records what the page requests off this machine and the errors it throws. */
export function watchPage(page: Page): {
  offMachine: () => string[];
  errors: string[];
  regionPhotoLists: () => string[];
} {
  const urls: string[] = [];
  const errors: string[] = [];
  page.on("request", (req) => urls.push(req.url()));
  page.on("pageerror", (e) => errors.push(e.message));
  return {
    errors,
    regionPhotoLists: () =>
      urls.filter((u) => {
        const { pathname, searchParams } = new URL(u);
        return pathname === "/api/images" && searchParams.has("region");
      }),
    offMachine: () =>
      urls.filter((u) => {
        const { protocol, hostname } = new URL(u);
        if (protocol === "data:" || protocol === "blob:" || protocol === "about:") return false;
        return hostname !== "127.0.0.1";
      }),
  };
}

export const localeDate = (page: Page, y: number, m: number, d: number) =>
  page.evaluate(([yy, mm, dd]) => new Date(yy!, mm! - 1, dd).toLocaleDateString(), [y, m, d]);

/**
 * The e2e `test` for map specs: every test also checks, after it ran, that no request left this
 * machine, that the page threw no error and that it never asked for a region's photos.
 *
 * `readOnlyMap` signs the page in as a user whose photos were seeded once per worker (as
 * `seedMap` seeds them): a sign-in instead of a sign-up and six uploads. Only for tests that
 * change nothing of that user's (no rating, edit, upload or deletion), since the worker's later
 * tests see the same photos; signing that page out ends its own session only.
 */
export const test = base.extend<
  { pageWatch: ReturnType<typeof watchPage>; readOnlyMap: SeededMap },
  { seededUser: { user: E2EUser; map: SeededMap } }
>({
  seededUser: [
    async ({ browser }, use) => {
      const baseURL = e2eBaseUrl();
      const user = await createConfirmedUser();
      const context = await browser.newContext({ baseURL });
      await signInContext(context, user);
      const map = await seedPhotos(context.request, baseURL);
      await context.close();
      await use({ user, map });
    },
    { scope: "worker" },
  ],
  readOnlyMap: async ({ page, seededUser }, use) => {
    await signInContext(page.context(), seededUser.user);
    await use(seededUser.map);
  },
  pageWatch: [
    async ({ page }, use) => {
      const watch = watchPage(page);
      await use(watch);
      expect(watch.offMachine()).toEqual([]);
      expect(watch.errors).toEqual([]);
      expect(watch.regionPhotoLists()).toEqual([]);
    },
    { auto: true },
  ],
});
/** A journey's page and the photos its user holds, for its tests to read. */
export interface Journey<T> {
  page: () => Page;
  map: () => T;
}

/**
 * The shared part of the journeys below: tests in order on one page of one context, with
 * `pageWatch`'s checks after each test. `start` makes the context (the project's viewport and
 * service workers unless `use` says otherwise) and lets `prepare` sign it in and say its photos.
 */
function onePageJourney<T>(): Journey<T> & {
  start: (browser: Browser, use: BrowserContextOptions, prepare: (page: Page) => Promise<T>) => Promise<void>;
} {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let watch: ReturnType<typeof watchPage> | undefined;
  let map: T | undefined;
  test.describe.configure({ mode: "serial" });
  test.afterEach(() => {
    expect(watch!.offMachine()).toEqual([]);
    expect(watch!.errors).toEqual([]);
    expect(watch!.regionPhotoLists()).toEqual([]);
  });
  test.afterAll(async () => {
    await context?.close();
  });
  return {
    page: () => page!,
    map: () => map!,
    start: async (browser, use, prepare) => {
      context = await browser.newContext({ baseURL: e2eBaseUrl(), ...use });
      page = await context.newPage();
      watch = watchPage(page);
      map = await prepare(page);
    },
  };
}

/**
 * One page for a file whose tests are steps of one journey over the read-only map: the file's
 * tests run in order on it, so only the first pays for loading the app and making the globe.
 * Signed in as `readOnlyMap`'s user, with `pageWatch`'s checks after each test. A test that needs
 * a fresh load, its own data or a page of its own does not belong in such a file.
 */
export function journeyOnReadOnlyMap(): Journey<SeededMap> {
  const journey = onePageJourney<SeededMap>();
  test.beforeAll(async ({ browser, seededUser }, testInfo) => {
    const { viewport, serviceWorkers } = testInfo.project.use;
    await journey.start(browser, { viewport, serviceWorkers }, async (page) => {
      await signInContext(page.context(), seededUser.user);
      return seededUser.map;
    });
  });
  return journey;
}

/**
 * The same for the tests of one describe block whose photos are their own: `seed` signs the page
 * in as a fresh user and uploads them once, before the block's first test. `use` adds to the
 * project's context options (a file's `test.use` does not reach a page made in a hook).
 */
export function journeyOnOwnMap<T>(
  seed: (page: Page, baseURL: string) => Promise<T>,
  use: BrowserContextOptions = {},
): Journey<T> {
  const journey = onePageJourney<T>();
  test.beforeAll(async ({ browser }, testInfo) => {
    const { viewport, serviceWorkers } = testInfo.project.use;
    await journey.start(browser, { viewport, serviceWorkers, ...use }, (page) => seed(page, e2eBaseUrl()));
  });
  return journey;
}
export { expect };
