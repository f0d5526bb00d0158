import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
import { configDefaults } from "vitest/config";
import { ISOLATED_WEB_TESTS } from "./vitest.isolated";
import { viteStaticCopy } from "vite-plugin-static-copy";
import { serviceWorkerPlugin } from "./vite/service-worker-plugin.ts";

const cesiumBuild = "../../node_modules/cesium/Build/Cesium";
const cesiumVersion = (
  JSON.parse(readFileSync(new URL("../../node_modules/cesium/package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;
const API_SERVER = "http://127.0.0.1:8080";
const DEV_ORIGINS = new Set(["http://127.0.0.1:5173", "http://localhost:5173"]);

/**
 * The API checks the Origin of every state-changing call; pages served by this dev server are the
 * API's own pages, so their Origin becomes the API's. Any other Origin passes through untouched
 * and is refused as it would be in production.
 */
const toApi: ProxyOptions = {
  target: API_SERVER,
  configure: (proxy) =>
    proxy.on("proxyReq", (req) => {
      if (DEV_ORIGINS.has(String(req.getHeader("origin")))) req.setHeader("origin", API_SERVER);
    }),
};
/**
 * Cesium's static files under a URL that changes with its version, so the server can let browsers
 * keep them for a year (immutable) and an upgrade still reaches every browser.
 */
export const CESIUM_BASE_URL = `/cesium/${cesiumVersion}`;

/**
 * `--mode test` builds the app with its test hooks (globe/test-hook.ts, bench-hook.ts, the frame counter)
 * into dist-test/, for the e2e tests and the benchmark; every other mode leaves them out.
 */
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    // Cesium loads its workers, textures and widget CSS at run time from CESIUM_BASE_URL.
    viteStaticCopy({
      targets: ["Workers", "Assets", "Widgets", "ThirdParty"].map((dir) => ({
        src: `${cesiumBuild}/${dir}`,
        dest: CESIUM_BASE_URL.slice(1),
      })),
    }),
    serviceWorkerPlugin({ entry: "src/sw/service-worker.ts", cesiumVersion }),
  ],
  define: {
    CESIUM_BASE_URL: JSON.stringify(CESIUM_BASE_URL),
    __POLEATLAS_TEST_HOOKS__: JSON.stringify(mode === "test"),
  },
  server: {
    host: "127.0.0.1",
    proxy: {
      "/api": toApi,
      "/files": toApi,
      "/dev": toApi,
    },
  },
  build: { outDir: mode === "test" ? "dist-test" : "dist", chunkSizeWarningLimit: 5000 },
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    // The browser's tus client (XMLHttpRequest), the one the app's bundle gets: Node's resolution
    // would hand the tests its node:http build instead.
    alias: [{ find: /^tus-js-client$/, replacement: "tus-js-client/lib.esm/browser/index.js" }],
    // Screens wait for what the user sees; on a loaded machine the map screen's first render (its
    // lazy panels) alone took over the 5 s default, so the limits only catch a test that hangs.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A file shares its worker's modules with the files before it: each no longer imports React,
    // MUI and the app again, which halves the web tests' time. The few files that need modules of
    // their own run in the "web:isolated" project (vitest.isolated.config.ts).
    isolate: false,
    exclude: [...configDefaults.exclude, ...ISOLATED_WEB_TESTS],
  },
}));
