/** The legend: the spec's three levels plus 'Not rated', each a toggle for its poles. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RiskKey } from "@poleatlas/shared";
import { describe, expect, it, vi } from "vitest";
import { RiskLegend } from "./risk-legend";

describe("RiskLegend", () => {
  it("lists the levels and 'Not rated', shown ones pressed, and toggles from the keyboard", async () => {
    const onToggle = vi.fn<(key: RiskKey) => void>();
    render(<RiskLegend hidden={new Set<RiskKey>(["high"])} onToggle={onToggle} />);
    const names = ["Low Risk", "Medium Risk", "High Risk", "Not rated"];
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(names);
    expect(screen.getByRole("button", { name: "High Risk" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("button", { name: "Not rated" })).toHaveAttribute("aria-pressed", "true");

    screen.getByRole("button", { name: "Not rated" }).focus();
    await userEvent.keyboard("{Enter}");
    await userEvent.click(screen.getByRole("button", { name: "High Risk" }));
    expect(onToggle.mock.calls).toEqual([["unrated"], ["high"]]);
  });

  it("collapses to one 'Risk Levels' button on narrow screens, opened and closed by it", async () => {
    const user = userEvent.setup();
    render(<RiskLegend hidden={new Set<RiskKey>()} onToggle={vi.fn()} collapsible />);
    const toggle = screen.getByRole("button", { name: "Risk Levels" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("button", { name: "High Risk" })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: "High Risk" })).toBeVisible();
    await user.click(toggle);
    expect(screen.queryByRole("button", { name: "High Risk" })).not.toBeInTheDocument();
  });
});
