/** The dashboard's annual report: last year first, its PDF and CSV following the chosen year. */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AnnualReportLinks } from "./annual-report-links";

describe("AnnualReportLinks", () => {
  it("offers last year's report as PDF and CSV, then the year picked", () => {
    render(<AnnualReportLinks thisYear={2026} />);
    expect(screen.getByRole("link", { name: "Annual report 2025 (PDF)" })).toHaveAttribute(
      "href",
      "/api/reports/annual/2025.pdf",
    );
    expect(screen.getByRole("link", { name: "Annual report 2025 (CSV)" })).toHaveAttribute(
      "href",
      "/api/reports/annual/2025.csv",
    );

    fireEvent.mouseDown(screen.getByRole("combobox", { name: /Annual report/ }));
    const options = within(screen.getByRole("listbox")).getAllByRole("option");
    expect(options[0]).toHaveTextContent("2026");
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "2019" }));
    expect(screen.getByRole("link", { name: "Annual report 2019 (PDF)" })).toHaveAttribute(
      "href",
      "/api/reports/annual/2019.pdf",
    );
    expect(screen.getByRole("link", { name: "Annual report 2019 (CSV)" })).toHaveAttribute("download");
  });
});
