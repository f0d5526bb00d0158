import { ThemeProvider, createTheme } from "@mui/material";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { STORAGE_QUOTA_BYTES } from "@poleatlas/shared";
import { describe, expect, it, vi } from "vitest";
import { StorageCard } from "./storage-card";

function renderCard(usedBytes: number, onUpgrade = vi.fn(), quotaBytes?: number) {
  render(
    <ThemeProvider theme={createTheme()}>
      <StorageCard usedBytes={usedBytes} quotaBytes={quotaBytes} onUpgrade={onUpgrade} />
    </ThemeProvider>,
  );
  return onUpgrade;
}

/** The bar's MUI colour class: what the user sees as blue, orange or red. */
function barColour(): string | undefined {
  const bar = screen.getByRole("progressbar", { name: "Storage Usage" });
  return /MuiLinearProgress-color(\w+)/.exec(bar.className)?.[1];
}

const percent = (p: number) => Math.round((STORAGE_QUOTA_BYTES * p) / 100);

describe("StorageCard", () => {
  it.each([
    [0, "Primary"],
    [70, "Primary"],
    [70.5, "Warning"],
    [90, "Warning"],
    [90.5, "Error"],
    [120, "Error"],
  ])("colours the bar at %s %% as %s", (p, colour) => {
    renderCard(percent(p));
    expect(barColour()).toBe(colour);
    expect(screen.getByTestId("storage-card")).toHaveAttribute("data-usage-color", colour.toLowerCase());
  });

  it.each([
    [0, "0 MB of 50 MB", "Primary"],
    [40_000_000, "38 MB of 50 MB", "Warning"],
    [48_000_000, "46 MB of 50 MB", "Error"],
  ])("shows %s bytes as '%s' in %s", (usedBytes, text, colour) => {
    renderCard(usedBytes);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByTestId("storage-card")).toHaveAttribute("data-usage-color", colour.toLowerCase());
    expect(barColour()).toBe(colour);
  });

  it("shows the active workspace's quota (a team's pool) and colours by it", () => {
    renderCard(36_700_160, vi.fn(), 200 * 1_048_576); // 35 MB of 200 MB: 17.5 %
    expect(screen.getByText("35 MB of 200 MB")).toBeInTheDocument();
    expect(barColour()).toBe("Primary");
  });

  it("shows the used MB of 50 MB and the bar's value", () => {
    renderCard(36_700_160); // 35 MB
    expect(screen.getByText("35 MB of 50 MB")).toBeInTheDocument();
    expect(screen.queryByTestId("member-cap")).not.toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "70");
  });

  it("adds the member's cap in a team where one is set, and nothing without one", () => {
    render(
      <ThemeProvider theme={createTheme()}>
        <StorageCard
          usedBytes={300 * 1_048_576}
          quotaBytes={1024 * 1_048_576}
          memberUsedBytes={12 * 1_048_576}
          memberCapBytes={20 * 1_048_576}
          onUpgrade={vi.fn()}
        />
      </ThemeProvider>,
    );
    expect(screen.getByText("300 MB of 1024 MB")).toBeInTheDocument();
    expect(screen.getByTestId("member-cap")).toHaveTextContent("Your cap in this team: 12 MB of 20 MB");
  });

  it("offers the upgrade", async () => {
    const onUpgrade = renderCard(0);
    await userEvent.setup().click(screen.getByRole("button", { name: "Upgrade to Pro for More Storage" }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });

  it("offers no upgrade to whom it is not given (a team's viewer)", () => {
    render(
      <ThemeProvider theme={createTheme()}>
        <StorageCard usedBytes={0} />
      </ThemeProvider>,
    );
    expect(screen.getByText("0 MB of 50 MB")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Upgrade to Pro for More Storage" })).toBeNull();
  });
});
