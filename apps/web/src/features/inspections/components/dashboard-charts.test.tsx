/** The dashboard's charts count findings and poles: their value axes tick whole numbers only. */
import { render, screen, within } from "@testing-library/react";
import type { RegionSummary, Summary } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { AgeingChart, FlowByMonthChart, OpenByMonthChart, PolesByInspectionChart } from "./dashboard-charts";

const months = ["2026-04", "2026-05", "2026-06"];
const SUMMARY: Summary = {
  today: "2026-06-15",
  levels: {
    1: { open: 1, overdue: 0, resolved12m: 0 },
    2: { open: 0, overdue: 0, resolved12m: 0 },
    3: { open: 1, overdue: 0, resolved12m: 0 },
  },
  inspection: { current: 0, due: 0, overdue: 0, never: 0 },
  // Small counts: an unguided axis ticks 0, 0.5, 1, 1.5, 2.
  openByMonth: months.map((month, i) => ({ month, 1: i % 2, 2: 0, 3: 1 })),
  flowByMonth: months.map((month, i) => ({ month, opened: i, closed: 2 - i })),
  ageing: { upTo30: 1, upTo90: 2, upTo365: 0, over365: 1 },
};
const REGION = {
  id: "8.4,50.3",
  name: "Region 1",
  longitude: 8.4,
  latitude: 50.3,
  count: 0,
  bounds: { minLon: 8.4, minLat: 50.3, maxLon: 8.4, maxLat: 50.3 },
  risk: { high: 1, medium: 0, low: 1, unrated: 0 },
  overdue: 0,
  inspectionDue: { due: 1, overdue: 0, never: 0 },
} satisfies RegionSummary;

/** The chart's value-axis tick labels (the band axis holds the months or buckets). */
function valueTicks(title: string, bands: string[]): string[] {
  const figure = screen.getByRole("figure", { name: title });
  return [...figure.querySelectorAll(".MuiChartsAxis-tickLabel")]
    .map((e) => e.textContent ?? "")
    .filter((text) => !bands.includes(text));
}

describe("the dashboard's charts", () => {
  it.each([
    [
      "Findings opened and closed, last 12 months",
      <FlowByMonthChart summary={SUMMARY} width={500} />,
      months,
    ],
    ["Open findings by level, last 12 months", <OpenByMonthChart summary={SUMMARY} width={500} />, months],
    [
      "Open findings by age",
      <AgeingChart summary={SUMMARY} width={500} />,
      ["0–30 days", "31–90 days", "91–365 days", "More than 365 days"],
    ],
    [
      "Poles by inspection state per region",
      <PolesByInspectionChart regions={[REGION]} width={500} />,
      ["Region 1"],
    ],
  ])("%s: ticks whole numbers", (title, chart, bands) => {
    render(chart);
    const ticks = valueTicks(title, bands);
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick).toMatch(/^\d+$/);
    expect(ticks).toContain("2");
  });

  it("draws the opened and closed findings of each month and the ageing buckets", () => {
    render(
      <>
        <FlowByMonthChart summary={SUMMARY} width={500} />
        <AgeingChart summary={SUMMARY} width={500} />
      </>,
    );
    const flow = screen.getByRole("figure", { name: "Findings opened and closed, last 12 months" });
    expect(flow).toHaveTextContent("Opened");
    expect(flow).toHaveTextContent("Closed");
    for (const m of months) expect(flow).toHaveTextContent(m);
    const ageing = screen.getByRole("figure", { name: "Open findings by age" });
    expect(ageing).toHaveTextContent("91–365 days");
    expect(ageing).toHaveTextContent("More than 365 days");
  });

  it("names each chart, sums it up in words and gives its figures as a table", () => {
    render(<FlowByMonthChart summary={SUMMARY} width={500} />);
    const flow = screen.getByRole("figure", { name: "Findings opened and closed, last 12 months" });
    // Opened 0+1+2, closed 2+1+0; every month 2 findings in all, the first is named.
    expect(flow).toHaveAccessibleDescription("In all: Opened 3, Closed 3. Most in 2026-04 (2).");
    const table = within(flow).getByRole("table", { name: "Findings opened and closed, last 12 months" });
    const rows = within(table)
      .getAllByRole("row")
      .map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent));
    expect(rows).toEqual([
      ["Month", "Opened", "Closed"],
      ["2026-04", "0", "2"],
      ["2026-05", "1", "1"],
      ["2026-06", "2", "0"],
    ]);
  });

  it("tells stacked series apart by a pattern as well as their colour, in the bars and the legend", () => {
    render(<PolesByInspectionChart regions={[REGION]} width={500} />);
    const figure = screen.getByRole("figure", { name: "Poles by inspection state per region" });
    // One pattern per series after the first (solid), each drawn over that series' colour.
    const patterns = [...figure.querySelectorAll("pattern")];
    expect(patterns).toHaveLength(4);
    expect(patterns.map((p) => p.querySelector("rect")?.getAttribute("fill"))).toEqual([
      "#4caf50",
      "#ff9800",
      "#f44336",
      "#9e9e9e",
    ]);
    expect(patterns.slice(1).every((p) => p.childElementCount === 2)).toBe(true);
    // The legend's words name the pattern beside the colour.
    expect(figure).toHaveTextContent("Inspection due (striped)");
    expect(within(figure).getByRole("table")).toHaveTextContent("Region 1");
  });
});
