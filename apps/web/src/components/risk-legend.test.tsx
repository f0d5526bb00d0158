/** The legend: the spec's three levels plus 'Not rated', each a toggle for its poles. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { LegendKey, LegendMode } from "../globe/markers";
import { describe, expect, it, vi } from "vitest";
import { RiskLegend } from "./risk-legend";

describe("RiskLegend", () => {
  it("lists the levels and 'Not rated', shown ones pressed, and toggles from the keyboard", async () => {
    const onToggle = vi.fn<(key: LegendKey) => void>();
    render(<RiskLegend hidden={new Set<LegendKey>(["high"])} onToggle={onToggle} />);
    expect(screen.getByRole("heading", { name: "Risk Levels" })).toBeInTheDocument();
    // The spec's words on screen; names that say what the toggle does, apart from the panel's
    // rating buttons that show the same words.
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Low Risk",
      "Medium Risk",
      "High Risk",
      "Not rated",
      "Overdue0",
    ]);
    expect(screen.getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual([
      "Show low-risk poles",
      "Show medium-risk poles",
      "Show high-risk poles",
      "Show poles not rated",
      "Show poles with overdue findings",
    ]);
    expect(screen.queryByRole("button", { name: "High Risk" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show high-risk poles" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(screen.getByRole("button", { name: "Show poles not rated" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    screen.getByRole("button", { name: "Show poles not rated" }).focus();
    await userEvent.keyboard("{Enter}");
    await userEvent.click(screen.getByRole("button", { name: "Show high-risk poles" }));
    expect(onToggle.mock.calls).toEqual([["unrated"], ["high"]]);
  });

  it("collapses to one 'Risk Levels' button on narrow screens, opened and closed by it", async () => {
    const user = userEvent.setup();
    render(<RiskLegend hidden={new Set<LegendKey>()} onToggle={vi.fn()} collapsible />);
    const toggle = screen.getByRole("button", { name: "Risk Levels" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("button", { name: "Show high-risk poles" })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: "Show high-risk poles" })).toBeVisible();
    await user.click(toggle);
    expect(screen.queryByRole("button", { name: "Show high-risk poles" })).not.toBeInTheDocument();
  });

  it("switches between 'Condition' (the default) and 'Inspection due', each entry a toggle", async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn<(key: LegendKey) => void>();
    const onModeChange = vi.fn<(mode: LegendMode) => void>();
    const { rerender } = render(
      <RiskLegend hidden={new Set()} onToggle={onToggle} onModeChange={onModeChange} overdueCount={3} />,
    );
    expect(screen.getByRole("tab", { name: "Condition" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("button", { name: "Show poles with overdue findings" })).toHaveTextContent(
      "Overdue3",
    );
    await user.click(screen.getByRole("tab", { name: "Inspection due" }));
    expect(onModeChange).toHaveBeenCalledWith("inspection");

    rerender(
      <RiskLegend
        mode="inspection"
        hidden={new Set<LegendKey>(["inspection-never"])}
        onToggle={onToggle}
        onModeChange={onModeChange}
      />,
    );
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Current",
      "Due",
      "Overdue",
      "No inspection on record",
    ]);
    expect(screen.getByRole("button", { name: "Show poles with no inspection on record" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await user.click(screen.getByRole("button", { name: "Show poles due for inspection" }));
    expect(onToggle).toHaveBeenCalledWith("inspection-due");
  });
});
