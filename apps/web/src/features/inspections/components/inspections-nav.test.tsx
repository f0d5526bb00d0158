/** The sidebar's inspection entries: the region report only with a region open. */
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { InspectionsNavItems } from "./inspections-nav";

describe("InspectionsNavItems", () => {
  it("offers the open region's report as a PDF, beside the work list and dashboard", () => {
    const { rerender } = render(
      <MemoryRouter>
        <InspectionsNavItems regionId="13.4,52.5" />
      </MemoryRouter>,
    );
    const report = screen.getByRole("link", { name: "Region report (PDF)" });
    expect(report).toHaveAttribute("href", "/api/reports/region/13.4%2C52.5.pdf");
    expect(report).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("link", { name: "Work list" })).toHaveAttribute("href", "/work");

    rerender(
      <MemoryRouter>
        <InspectionsNavItems regionId={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("link", { name: "Region report (PDF)" })).not.toBeInTheDocument();
  });
});
