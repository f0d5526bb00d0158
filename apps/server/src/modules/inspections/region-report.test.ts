/** Drawing a long region report lets the server answer other requests meanwhile. */
import type { Finding, Summary } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { regionReportPdf } from "./region-report";

const ROWS = 1_500;
const none = { open: 0, overdue: 0, resolved12m: 0 };
const summary: Summary = {
  today: "2026-06-01",
  levels: { 1: none, 2: none, 3: none },
  inspection: { current: 0, due: ROWS, overdue: 0, never: ROWS },
  openByMonth: [],
  flowByMonth: [],
  ageing: { upTo30: 0, upTo90: 0, upTo365: 0, over365: 0 },
};

/** The turns the event loop took while `work` ran (a timer of 0 ms counts each). */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  const ticker = setInterval(() => turns++, 0);
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  return turns;
}

describe("the region report's drawing", () => {
  it("gives the event loop turns while it draws a map of many poles", async () => {
    const POLES = 10_000;
    const turns = await turnsDuring(async () => {
      const doc = await regionReportPdf({
        workspace: "Crew",
        region: "Region 1",
        summary: { ...summary, inspection: { current: POLES, due: 0, overdue: 0, never: 0 } },
        findings: [] as Finding[],
        openCount: 0,
        photos: [],
        map: {
          poles: Array.from({ length: POLES }, (_, i) => ({
            tag: `P-${i}`,
            latitude: 60.1 + (i % 100) * 1e-4,
            longitude: 24.9 + Math.floor(i / 100) * 1e-4,
            condition: i % 3 === 0 ? "high" : null,
            overdue: i % 7 === 0,
          })),
          total: POLES,
        },
        duePoles: [],
        neverInspected: [],
      });
      doc.resume();
    });
    // Drawn in one go, the loop took no turn at all; in 20 ms slices it takes one per slice, how
    // many depends on the machine's speed, so only their presence is asserted.
    expect(turns).toBeGreaterThan(0);
  });

  it("gives the event loop turns while it draws long lists", async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    try {
      const doc = await regionReportPdf({
        workspace: "Crew",
        region: "Region 1",
        summary,
        findings: [] as Finding[],
        openCount: 0,
        photos: [],
        map: { poles: [], total: 0 },
        duePoles: Array.from({ length: ROWS }, (_, i) => ({
          pole_tag: `D-${i}`,
          latitude: 60.1,
          longitude: 24.9,
          last_inspected_on: "2020-01-01",
          inspection_due_on: "2025-01-01",
          due_type: "detailed",
          due_type_last_on: "2020-01-01",
          due_type_name: "Detailed",
        })),
        neverInspected: Array.from({ length: ROWS }, (_, i) => ({
          pole_tag: `N-${i}`,
          latitude: 60.1,
          longitude: 24.9,
        })),
      });
      doc.resume();
    } finally {
      clearInterval(ticker);
    }
    // 3,000 rows drawn in one go took no turn; in 20 ms slices, as many as the machine needs.
    expect(turns).toBeGreaterThan(0);
  });
});
