/** The dashboard's cards: each level's card shows its open and its overdue findings. */
import { render, screen, within } from "@testing-library/react";
import type { Summary } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { SummaryCards } from "./summary-cards";

const level = (open: number, overdue: number) => ({ open, overdue, resolved12m: 0 });
const SUMMARY: Summary = {
  today: "2026-06-15",
  levels: { 1: level(12, 3), 2: level(7, 0), 3: level(2, 1) },
  inspection: { current: 5, due: 4, overdue: 3, never: 2 },
  openByMonth: [],
  flowByMonth: [],
  ageing: { upTo30: 0, upTo90: 0, upTo365: 0, over365: 0 },
};

describe("SummaryCards", () => {
  it("shows open and overdue on each level's card, and the totals", () => {
    render(<SummaryCards summary={SUMMARY} />);
    const card = (l: number) => screen.getByRole("group", { name: `Level ${l}: Open / Overdue` });
    expect(card(1)).toHaveTextContent(/^Level 1: Open \/ Overdue12 \/ 3$/);
    expect(within(card(1)).getByLabelText("12 open, 3 overdue")).toBeInTheDocument();
    expect(card(2)).toHaveTextContent("7 / 0");
    expect(card(3)).toHaveTextContent("2 / 1");
    expect(screen.getByText("Overdue findings").nextSibling).toHaveTextContent("4");
    expect(screen.getByText("Open findings").nextSibling).toHaveTextContent("21");
  });

  it("shows zeros, not blanks, before the summary arrives", () => {
    render(<SummaryCards summary={undefined} />);
    expect(screen.getByRole("group", { name: "Level 2: Open / Overdue" })).toHaveTextContent("0 / 0");
  });
});
