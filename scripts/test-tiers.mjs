// The test tiers, their time budgets on the standard machine (2 cores; docs/testing.md says how
// they were measured), and the record of how long each took in a run. `npm test` runs the tiers
// (scripts/run-tests.mjs); CI adds its own (install, the newer Node) with `record`; the closing
// summary (scripts/test-summary.mjs) prints them all against their budgets.
//
//   node scripts/test-tiers.mjs record <tier> <seconds>   adds a CI tier's time to the record
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Seconds each tier may take; the whole CI run's budget is 1,500. */
export const BUDGETS = {
  install: 60,
  check: 120,
  build: 45,
  "bench smoke": 50,
  "unit and API": 375,
  browser: 790,
  "Node 24": 60,
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** One JSON line per tier run; CI's tiers and `npm test`'s tiers go to different files. */
export const TIER_FILES = {
  ci: path.join(root, "test-results/ci-tiers.jsonl"),
  npm: path.join(root, "test-results/tiers.jsonl"),
};

export function recordTier(file, name, seconds) {
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify({ name, seconds })}\n`);
}

/** Every recorded tier, CI's first, each with its budget. */
export function readTiers() {
  const tiers = [];
  for (const file of [TIER_FILES.ci, TIER_FILES.npm]) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const { name, seconds } = JSON.parse(line);
      tiers.push({ name, seconds, budget: BUDGETS[name] });
    }
  }
  return tiers;
}

/** The tier lines of the closing summary: time, budget, and the tiers over budget. */
export function tierReport(tiers) {
  const lines = tiers.map(({ name, seconds, budget }) => {
    const over = budget !== undefined && seconds > budget;
    const limit = budget === undefined ? "no budget" : `budget ${budget} s`;
    return `  ${name.padEnd(14)} ${String(Math.round(seconds)).padStart(5)} s  (${limit})${over ? "  OVER BUDGET" : ""}`;
  });
  const total = tiers.reduce((sum, t) => sum + t.seconds, 0);
  lines.push(`  ${"all".padEnd(14)} ${String(Math.round(total)).padStart(5)} s  (budget 1500 s)`);
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [verb, name, seconds] = process.argv.slice(2);
  if (verb !== "record" || !name || !Number.isFinite(Number(seconds))) {
    console.error("usage: node scripts/test-tiers.mjs record <tier> <seconds>");
    process.exit(2);
  }
  recordTier(TIER_FILES.ci, name, Number(seconds));
}
