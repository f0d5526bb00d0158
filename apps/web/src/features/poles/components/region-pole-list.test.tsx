/**
 * The region's pole list by keyboard: one Tab stop, arrows and Home/End move the focus, typing
 * jumps, Enter opens; only the rows in sight are in the page, each saying its place in the list.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { poleMarkersOf, type PoleFields } from "../../../test/records";
import { RegionPoleList } from "./region-pole-list";

const POLES: PoleFields[] = [
  { id: "p10", tag: "P-10", risk: "high", overdue: true, inspection: "overdue" },
  { id: "nameless", tag: "", latitude: 52.52, longitude: 13.40495 },
  { id: "p2", tag: "P-2", risk: "low", inspection: "current" },
  { id: "m1", tag: "", label: "Mill corner" },
];

function setup(poles: PoleFields[] = POLES) {
  const onOpen = vi.fn();
  render(
    <>
      <button type="button">Before</button>
      <RegionPoleList poles={poleMarkersOf(poles)} onOpen={onOpen} />
      <button type="button">After</button>
    </>,
  );
  return { onOpen, user: userEvent.setup() };
}

const list = () => screen.getByRole("list", { name: /Poles in this region, in tag order/ });
/** The list's one Tab stop: its active row. */
const active = () =>
  within(list())
    .getAllByRole("button")
    .find((b) => b.tabIndex === 0);
const rows = () => within(list()).getAllByRole("listitem");

describe("RegionPoleList", () => {
  it("lists the region's poles in tag order with their hints, under a heading with the count", () => {
    setup();
    expect(screen.getByRole("heading", { name: "Poles in this region (4)" })).toBeVisible();
    const options = rows();
    expect(options.map((o) => o.textContent)).toEqual([
      "Mill cornerNot rated",
      "P-2Low Risk",
      "P-10High Risk · Overdue finding · Inspection overdue",
      "Pole at 52.52000, 13.40495Not rated",
    ]);
    expect(options.map((o) => o.getAttribute("aria-posinset"))).toEqual(["1", "2", "3", "4"]);
    expect(options.every((o) => o.getAttribute("aria-setsize") === "4")).toBe(true);
  });

  it("is one Tab stop: arrows move the active pole and Enter opens it", async () => {
    const { onOpen, user } = setup();
    await user.tab();
    await user.tab();
    expect(active()).toHaveFocus();
    expect(active()).toHaveTextContent("Mill corner");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(active()).toHaveTextContent("P-10");
    expect(active()).toHaveFocus();
    await user.keyboard("{ArrowUp}{Enter}");
    expect(onOpen).toHaveBeenCalledWith("p2");
    await user.keyboard("{End}");
    expect(active()).toHaveTextContent("Pole at");
    await user.keyboard("{Home}");
    expect(active()).toHaveTextContent("Mill corner");
    await user.tab();
    expect(screen.getByRole("button", { name: "After" })).toHaveFocus();
  });

  it("jumps to the next pole whose name starts with what is typed", async () => {
    const { onOpen, user } = setup();
    active()!.focus();
    await user.keyboard("p-1");
    expect(active()).toHaveTextContent("P-10");
    await user.keyboard("{Enter}");
    expect(onOpen).toHaveBeenLastCalledWith("p10");
  });

  it("keeps the active pole when a new answer moves its row", async () => {
    const onOpen = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<RegionPoleList poles={poleMarkersOf(POLES)} onOpen={onOpen} />);
    active()!.focus();
    await user.keyboard("{ArrowDown}");
    expect(active()).toHaveTextContent("P-2");
    // A teammate's new pole sorts first.
    rerender(<RegionPoleList poles={poleMarkersOf([...POLES, { id: "a1", tag: "A-1" }])} onOpen={onOpen} />);
    expect(active()).toHaveTextContent("P-2");
    await user.keyboard("{Enter}");
    expect(onOpen).toHaveBeenCalledWith("p2");
  });

  it("opens a pole that is clicked", async () => {
    const { onOpen, user } = setup();
    await user.click(screen.getByText("P-2"));
    expect(onOpen).toHaveBeenCalledWith("p2");
  });

  it("puts only the rows in sight in the page for a region of 100k poles, and reaches the last", async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ id: `p${i}`, tag: `LIV-${i}` }));
    const { onOpen, user } = setup(many);
    expect(screen.getByRole("heading", { name: "Poles in this region (100,000)" })).toBeVisible();
    expect(rows().length).toBeLessThan(40);
    expect(rows()[0]).toHaveAttribute("aria-setsize", "100000");
    active()!.focus();
    await user.keyboard("{End}");
    expect(active()).toHaveTextContent("LIV-99999");
    expect(active()).toHaveFocus();
    expect(active()!.closest("li")).toHaveAttribute("aria-posinset", "100000");
    expect(rows().length).toBeLessThan(40);
    await user.keyboard("{Enter}");
    expect(onOpen).toHaveBeenCalledWith("p99999");
  });

  it("says when the poles are loading, and when the region has none", () => {
    const { rerender } = render(<RegionPoleList poles={null} onOpen={() => {}} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading poles…");
    rerender(<RegionPoleList poles={poleMarkersOf([])} onOpen={() => {}} />);
    expect(screen.getByText("No poles in this region.")).toBeVisible();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });
});
