/** What the dashboard's charts say in words: a summary and the column heads of their tables. */
export const chartTexts = {
  month: "Month",
  age: "Age",
  region: "Region",
  /** 'In all: Opened 12, Closed 9.' */
  summary: (totals: readonly { label: string; total: number }[]) =>
    totals.length === 0
      ? "No figures yet."
      : `In all: ${totals.map((t) => `${t.label} ${t.total.toLocaleString("en-US")}`).join(", ")}.`,
  /** The busiest column: 'Most in 2026-05 (7).' */
  peak: (band: string, total: number) => `Most in ${band} (${total.toLocaleString("en-US")}).`,
  /** How a stacked series is drawn besides its colour. */
  patterns: ["solid", "striped", "dotted", "cross-hatched"] as const,
  patterned: (label: string, pattern: string) => `${label} (${pattern})`,
} as const;
