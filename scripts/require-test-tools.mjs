// Fails early, with what to do, when the system Chromium the e2e tests drive is missing.
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `\nChromium not found at ${chromium}.\n` +
      "The end-to-end tests drive the system Chromium (browsers are never downloaded).\n" +
      "Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH.\n",
  );
  process.exit(1);
}
