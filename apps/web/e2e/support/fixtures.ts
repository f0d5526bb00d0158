/**
 * Playwright fixtures: a system-Chromium browser with a fresh profile per worker, and the
 * baseURL of the server that global-setup started.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test as base, chromium, type Browser } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./chromium";

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({}, use) => {
      const profile = await mkdtemp(path.join(os.tmpdir(), "poleatlas-chromium-"));
      // Playwright's own default flags are dropped: they fight the software-WebGL set-up.
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        ignoreDefaultArgs: true,
        args: [...chromiumArgs, `--user-data-dir=${profile}`, "about:blank"],
      });
      await use(browser);
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: the e2e global setup did not run");
    await use(url);
  },
});

export { expect } from "@playwright/test";
