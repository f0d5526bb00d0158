// Prints one closing line over every tier, from the JSON reports vitest and Playwright wrote.
import { existsSync, readFileSync } from "node:fs";
import { readTiers, tierReport } from "./test-tiers.mjs";

const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, "utf8")) : null);
let passed = 0;
let failed = 0;
let skipped = 0;

// The README's test command's reports; CI names more folders (one per newer Node it tests), where
// a missing report counts as a failure: that run stopped before its tests could say anything.
const extra = process.argv.slice(2);
for (const dir of ["test-results", ...extra]) {
  const unit = read(`${dir}/unit.json`);
  if (unit) {
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
    skipped += unit.numPendingTests + unit.numTodoTests;
  }
  const e2e = read(`${dir}/e2e.json`);
  if (e2e) {
    passed += e2e.stats.expected;
    failed += e2e.stats.unexpected + e2e.stats.flaky;
    skipped += e2e.stats.skipped;
  }
  if (extra.includes(dir) && (!unit || !e2e)) {
    console.log(`${dir}: ${unit ? "" : "unit.json "}${e2e ? "" : "e2e.json "}missing, counted as failed`);
    failed += 1;
  }
}
const tiers = readTiers();
if (tiers.length > 0) console.log(`\nTiers (seconds on this machine):\n${tierReport(tiers)}`);
console.log(`\nTotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
