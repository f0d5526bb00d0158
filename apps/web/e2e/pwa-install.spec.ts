/**
 * The installable app, checked the way Lighthouse's installability audit does: the
 * page links a manifest with a name, a short name, start_url /map inside its scope, display
 * standalone, theme colours and 192/512 PNG icons that really are that size; a service worker
 * controls the page; sw.js and the manifest are never cached for long, so updates are seen.
 */
import { expect, test } from "./support/fixtures";
import { pngSize, waitForController } from "./support/pwa";

test.use({ serviceWorkers: "allow" });

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string }[];
}

test("the manifest and its icons make the app installable", async ({ page, baseURL }) => {
  await page.goto("/login");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", /^#[0-9a-f]{6}$/i);

  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  expect(res.headers()["cache-control"]).toBe("no-cache");
  const manifest = (await res.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: "PoleAtlas",
    short_name: "PoleAtlas",
    start_url: "/map",
    display: "standalone",
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const scope = new URL(manifest.scope, baseURL);
  expect(new URL(manifest.start_url, baseURL).href.startsWith(scope.href)).toBe(true);

  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}`);
    expect(icon, `a ${size}px icon`).toMatchObject({ type: "image/png" });
    const png = await page.request.get(icon!.src);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await png.body())).toEqual({ width: size, height: size });
  }
});

test("a service worker from /sw.js controls the page, and sw.js is revalidated on every visit", async ({
  page,
  context,
}) => {
  await page.goto("/login");
  const script = await waitForController(page);
  expect(new URL(script).pathname).toBe("/sw.js");
  expect(context.serviceWorkers().map((w) => new URL(w.url()).pathname)).toContain("/sw.js");
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe("/");

  const sw = await page.request.get("/sw.js");
  expect(sw.headers()["content-type"]).toMatch(/javascript/);
  expect(sw.headers()["cache-control"]).toBe("no-cache");
});
