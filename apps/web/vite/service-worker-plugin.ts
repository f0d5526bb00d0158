/**
 * Builds the service worker (src/sw/service-worker.ts) into <outDir>/sw.js once the app is
 * written: one classic script whose precache list is every file of the build it ships with
 * (index.html, the manifest and icons, the hashed assets) and whose build id is a hash of their
 * bytes, so any change to the app changes sw.js and browsers install the new worker.
 * Hand-written rather than vite-plugin-pwa: it pulls in workbox-build and rollup for ~150 lines.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { build, type Plugin } from "vite";

/**
 * Not precached: Cesium's copy under cesium/<version>/ (kept at run time instead), source maps,
 * the worker itself, and the .br/.gz twins the server picks by Accept-Encoding.
 */
function precached(rel: string): boolean {
  return !rel.startsWith("cesium/") && !/\.(map|br|gz)$/.test(rel) && rel !== "sw.js";
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter(precached)
    .sort();
}

export function serviceWorkerPlugin(opts: { entry: string; cesiumVersion: string }): Plugin {
  let outDir = "";
  return {
    name: "poleatlas:service-worker",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await filesUnder(outDir);
      const hash = createHash("sha256");
      for (const rel of files)
        hash
          .update(rel)
          .update("\0")
          .update(await readFile(path.join(outDir, rel)));
      const buildId = hash.digest("hex").slice(0, 16);
      await build({
        configFile: false,
        publicDir: false,
        logLevel: "warn",
        define: {
          __SW_PRECACHE__: JSON.stringify(files.map((rel) => `/${rel}`)),
          __SW_BUILD_ID__: JSON.stringify(buildId),
          __SW_CESIUM_VERSION__: JSON.stringify(opts.cesiumVersion),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          lib: {
            entry: opts.entry,
            formats: ["iife"],
            name: "poleatlasServiceWorker",
            fileName: () => "sw.js",
          },
        },
      });
    },
  };
}
