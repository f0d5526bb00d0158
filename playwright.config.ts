import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests: the real built server (own port, own data) driven through the system Chromium.
 *
 * Two workers: most of a spec's time is spent waiting (the server, the globe's tiles, a debounce),
 * so two specs at once on two cores finish far sooner than one after the other. Specs share one
 * server and so one database, each working as its own freshly made user. A spec that cannot share
 * the machine's time or the server's state goes into `ALONE`: that project runs after every other
 * spec, one at a time.
 */
const ALONE: string[] = [
  // Starts a second server and PostgreSQL and publishes a build into their copy of the web app;
  // on two busy cores its first start would squeeze the specs beside it.
  "pwa-update.spec.ts",
];

export default defineConfig({
  testDir: "apps/web/e2e",
  outputDir: "test-results/e2e",
  globalSetup: "./apps/web/e2e/support/global-setup.ts",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Only catches a hang: a spec on two busy cores can take several times its quiet time.
  timeout: 120_000,
  // A first view under SwiftShader on two busy cores can take longer than 10 s to show its panel.
  expect: { timeout: 20_000 },
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // The app's service worker would answer requests page.route() is meant to see; the
    // specs that test the worker turn it back on with test.use({ serviceWorkers: "allow" }).
    serviceWorkers: "block",
  },
  projects: [
    { name: "shared", testIgnore: ALONE },
    { name: "alone", testMatch: ALONE, dependencies: ["shared"], workers: 1 },
  ],
});
