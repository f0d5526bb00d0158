// `npm test`: every tier in order, stopping at the first that fails, each one timed; then the
// closing summary over every tier's report. Each tier is also an npm script of its own (see
// docs/testing.md) to run alone.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { TIER_FILES, recordTier } from "./test-tiers.mjs";

const TIERS = [
  { name: "check", commands: ["node scripts/require-test-tools.mjs --gdal --gps --heic", "npm run check"] },
  { name: "build", commands: ["npm run build", "npm run check:bundle", "npm run build:test"] },
  // After the builds it serves: the bench's steps end to end at toy sizes.
  { name: "bench smoke", commands: ["npm run bench:smoke"] },
  { name: "unit and API", commands: ["npm run test:unit"] },
  { name: "browser", commands: ["npm run test:e2e"] },
];

// Reports of an earlier run must not be counted for tiers this run never reaches.
for (const file of [TIER_FILES.npm, "test-results/unit.json", "test-results/e2e.json"])
  rmSync(file, { force: true });
let failed = false;
for (const tier of TIERS) {
  const started = performance.now();
  for (const command of tier.commands) {
    const { status, signal } = spawnSync(command, { shell: true, stdio: "inherit" });
    if (status !== 0) {
      console.error(`\n${tier.name}: \`${command}\` failed (${signal ?? `exit ${status}`})`);
      failed = true;
      break;
    }
  }
  recordTier(TIER_FILES.npm, tier.name, (performance.now() - started) / 1000);
  if (failed) break;
}

// The summary runs in any case: it counts what the reports say and names the tiers' times.
const summary = spawnSync("node scripts/test-summary.mjs", { shell: true, stdio: "inherit" });
process.exit(failed ? 1 : (summary.status ?? 1));
