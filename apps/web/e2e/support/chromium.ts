import { existsSync } from "node:fs";

/** The system Chromium (never a downloaded one): CHROMIUM_PATH, else Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export function assertChromium(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
}

/**
 * Software WebGL (SwiftShader) so Cesium renders headless, and no background traffic: this
 * machine has no network and every test must stay on 127.0.0.1.
 */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--disable-dev-shm-usage",
  "--remote-debugging-pipe",
];
