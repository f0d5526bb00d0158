/** The system Chromium with the same flags as the e2e tests (software WebGL, no background traffic). */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../../apps/web/e2e/support/chromium";

export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const profile = await mkdtemp(path.join(os.tmpdir(), "poleatlas-bench-chromium-"));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    ignoreDefaultArgs: true,
    args: [...chromiumArgs, `--user-data-dir=${profile}`, "about:blank"],
  });
  return {
    browser,
    async close() {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
