/**
 * A new build is never hidden behind the old one. A server of its own serves a copy of
 * the test build; the spec then publishes a "new build" into that copy the way a deploy does
 * (a changed index.html and a sw.js with a new build id), and checks that a new visit gets it at
 * once, the page still open on the old build is offered a reload, and offline the new build's
 * shell is the one served, the old one's cache gone.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import {
  makeDataDir,
  startServerProcess,
  type ServerProcess,
} from "../../server/test/helpers/server-process";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { cacheNames, waitForController } from "./support/pwa";

test.use({ serviceWorkers: "allow" });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SHELL = "poleatlas-shell-";
const NEW_BUILD_ID = "5ec0nd5ec0nd5ec0";

let server: ServerProcess;
let webDir: string;

test.beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-web-"));
  await cp(path.join(root, process.env.E2E_WEB_DIST ?? "apps/web/dist-test"), webDir, { recursive: true });
  server = await startServerProcess({
    entry: path.join(root, process.env.E2E_SERVER_ENTRY ?? "apps/server/dist/server.js"),
    dataDir: await makeDataDir("poleatlas-e2e-update-"),
    env: { WEB_DIST_DIR: webDir, LOG_LEVEL: "warn" },
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await rm(server.dataDir, { recursive: true, force: true });
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

/** A deployed file with the .br and .gz twins the build writes (the server prefers those). */
async function deploy(file: string, content: string) {
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

/** What a deploy changes: the page, and the worker (its build id names its precache). */
async function publishNewBuild(oldBuildId: string) {
  const indexPath = path.join(webDir, "index.html");
  const index = await readFile(indexPath, "utf8");
  await deploy(
    indexPath,
    index.replace("<title>", '<meta name="poleatlas-build" content="second" /><title>'),
  );
  const swPath = path.join(webDir, "sw.js");
  const sw = await readFile(swPath, "utf8");
  expect(sw).toContain(oldBuildId);
  await deploy(swPath, sw.replaceAll(oldBuildId, NEW_BUILD_ID));
}

test("after a deploy a new visit runs the new build, an open page is offered a reload, offline too", async ({
  context,
}) => {
  const build = (p: Page) => p.locator('meta[name="poleatlas-build"]');
  const open = await context.newPage();
  await open.goto(`${server.url}/login`);
  await waitForController(open);
  const shells = (await cacheNames(open)).filter((n) => n.startsWith(SHELL));
  expect(shells).toHaveLength(1);
  await expect(build(open)).toHaveCount(0);

  await publishNewBuild(shells[0]!.slice(SHELL.length));

  // A new visit, the old worker still in charge: the page comes from the network, so it is new.
  const fresh = await context.newPage();
  await fresh.goto(`${server.url}/login`);
  await expect(build(fresh)).toHaveAttribute("content", "second");

  // That visit found the new sw.js; once it takes over, the page left open on the old build
  // says so and reloads into the new one.
  await open.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await expect(open.getByText("A new version of PoleAtlas is ready.")).toBeVisible();
  await open.getByRole("button", { name: "Reload" }).click();
  await expect(build(open)).toHaveAttribute("content", "second");
  expect((await cacheNames(open)).filter((n) => n.startsWith(SHELL))).toEqual([`${SHELL}${NEW_BUILD_ID}`]);

  // Offline the shell served is the new build's.
  await context.setOffline(true);
  await open.reload();
  await expect(build(open)).toHaveAttribute("content", "second");
  await expect(open.getByRole("heading").first()).toBeVisible();
});
