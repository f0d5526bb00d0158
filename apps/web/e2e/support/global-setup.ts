/**
 * Starts the real built server on a free port with its own data folder (and so its own embedded
 * PostgreSQL), for the whole e2e run, serving the test build of the web app (apps/web/dist-test,
 * `npm run build:test`: the production build plus the globe's test hook). Its URL reaches the tests through E2E_BASE_URL; teardown
 * stops it with SIGTERM, which also stops its PostgreSQL, and removes the data.
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeDataDir, startServerProcess } from "../../../server/test/helpers/server-process";
import { assertChromium } from "./chromium";
import { E2E_MAILBOX_KEY } from "./auth";
import { E2E_BASEMAP, startTileServer } from "./tile-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

export default async function globalSetup() {
  assertChromium();
  // Overridable so parallel work can test its own builds without touching the default dist/.
  const serverEntry = path.resolve(root, process.env.E2E_SERVER_ENTRY ?? "apps/server/dist/server.js");
  const webDist = path.resolve(root, process.env.E2E_WEB_DIST ?? "apps/web/dist-test");
  if (!existsSync(serverEntry) || !existsSync(path.join(webDist, "index.html"))) {
    throw new Error(
      "Build first: npm run build && npm run build:test (the e2e suite runs the built server and the web app's test build)",
    );
  }
  const dataDir = await makeDataDir("poleatlas-e2e-");
  const tiles = await startTileServer();
  const basemaps = [
    { name: E2E_BASEMAP, type: "xyz", url: `${tiles.url}/tiles/{z}/{x}/{y}.png`, maximumLevel: 5 },
  ];
  const server = await startServerProcess({
    entry: serverEntry,
    dataDir,
    // On a loaded machine (several suites at once) the first start can take well over a minute.
    startTimeoutMs: 180_000,
    // DEV_MAILBOX: the server runs with NODE_ENV=production, where /dev/mail is off unless asked for.
    // BASEMAPS: one extra layer in the picker; Natural Earth II stays the default.
    // AUTH_RATE_LIMIT_MAX: every browser of the run signs in from 127.0.0.1, two specs at a time;
    // the per-address limit itself is tested in the API suite.
    env: {
      AUTH_RATE_LIMIT_MAX: "500",
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      DEV_MAILBOX: "true",
      DEV_MAILBOX_KEY: E2E_MAILBOX_KEY,
      BASEMAPS: JSON.stringify(basemaps),
    },
    onOutput: process.env.E2E_SERVER_LOG ? (c) => process.stderr.write(c) : undefined,
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_TILES_URL = tiles.url;

  return async () => {
    await server.stop();
    await tiles.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
