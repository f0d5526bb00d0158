// Proves the production web build carries no test or benchmark hooks (the globe's window hook,
// its ?globeTestHook switch, the bench-hook chunk). They exist only in `vite build --mode test`
// (apps/web/dist-test); when that build is there too, it must have them, or this check would
// be looking for the wrong words. Then holds the first loads to their budgets (first-load.mjs).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { firstLoads } from "./first-load.mjs";

const MARKERS = ["__poleatlasGlobe", "globeTestHook", "bench-hook"];
/**
 * The build's bytes of a cold /login and /map, brotli as served (KB = 1,000 bytes): what was
 * measured when they were set, plus 3 %. A change that needs more raises them in the same commit,
 * saying why; growth nobody chose fails here.
 */
const BUDGET_KB = { login: 220, map: 1200 };
const root = path.resolve(import.meta.dirname, "..");
const prod = path.join(root, process.argv[2] ?? "apps/web/dist");
const test = path.join(root, "apps/web/dist-test");

/** Text files of a build (its Cesium static copy under cesium/ is Cesium's, not ours). */
function* builtFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "cesium") yield* builtFiles(full);
    } else if (/\.(js|html|css|map)$/.test(entry.name)) yield full;
  }
}

/** Each marker found: in a file's name or its text. */
function findings(dir) {
  const found = [];
  for (const file of builtFiles(dir)) {
    const text = readFileSync(file, "utf8");
    const rel = path.relative(root, file);
    for (const m of MARKERS) if (rel.includes(m) || text.includes(m)) found.push(`${m} in ${rel}`);
  }
  return found;
}

if (!existsSync(path.join(prod, "index.html"))) {
  console.error(`No production build at ${path.relative(root, prod)}: run npm run build first.`);
  process.exit(1);
}
const leaks = findings(prod);
if (leaks.length > 0) {
  console.error(`Test hooks in the production build:\n  ${leaks.join("\n  ")}`);
  process.exit(1);
}
if (existsSync(path.join(test, "index.html"))) {
  const seen = new Set(findings(test).map((f) => f.split(" ")[0]));
  const missing = MARKERS.filter((m) => !seen.has(m));
  if (missing.length > 0) {
    console.error(`The test build lacks ${missing.join(", ")}: this check no longer looks for the hooks.`);
    process.exit(1);
  }
}
console.log(`Production build free of test hooks (${MARKERS.join(", ")}).`);

const loads = firstLoads(prod);
const over = [];
for (const [page, budget] of Object.entries(BUDGET_KB)) {
  const load = loads[page];
  const kb = load.bytes / 1000;
  console.log(
    `First load of /${page}: ${kb.toFixed(1)} KB brotli in ${load.files.length} files (budget ${budget} KB).`,
  );
  if (kb > budget) {
    const largest = load.files.slice(0, 6).map((f) => `${f.rel} ${(f.bytes / 1000).toFixed(1)} KB`);
    over.push(`/${page}: ${kb.toFixed(1)} KB > ${budget} KB; largest: ${largest.join(", ")}`);
  }
}
if (loads.map.missing.length > 0) {
  over.push(`/map: the entry imports no chunk named ${loads.map.missing.join(", ")}: update MAP_CHUNKS`);
}
if (over.length > 0) {
  console.error(`First load over its budget (scripts/check-production-bundle.mjs):\n  ${over.join("\n  ")}`);
  process.exit(1);
}
