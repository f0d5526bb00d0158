import { defineConfig } from "@playwright/test";

/** End-to-end tests: the real built server (own port, own data) driven through the system Chromium. */
export default defineConfig({
  testDir: "apps/web/e2e",
  outputDir: "test-results/e2e",
  globalSetup: "./apps/web/e2e/support/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
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
});
