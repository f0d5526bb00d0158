/** The system Chromium with the same flags as the e2e tests (software WebGL, no background traffic). */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../../apps/web/e2e/support/chromium";

export interface BenchChromium {
  browser: Browser;
  close(): Promise<void>;
}

async function launch(): Promise<BenchChromium> {
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

let sharing = false;
let shared: Promise<BenchChromium> | undefined;

/**
 * From now on the steps share one Chromium (the smoke: a launch saved; each step still works in
 * contexts of its own); `closeSharedChromium` ends it. A measured run launches one per step.
 */
export function shareOneChromium(): void {
  sharing = true;
}

export async function closeSharedChromium(): Promise<void> {
  const browser = shared;
  shared = undefined;
  await (await browser)?.close();
}

/** A Chromium of the step's own, or the shared one (its `close` then leaves it running). */
export async function launchChromium(): Promise<BenchChromium> {
  if (!sharing) return launch();
  shared ??= launch();
  return { browser: (await shared).browser, close: () => Promise.resolve() };
}
