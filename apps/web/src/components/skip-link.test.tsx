/** The skip link: the first Tab stop, taking the focus to the first of its targets on screen. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SkipLink } from "./skip-link";

const TARGETS = ["aside", "[data-map-content='pole-list']", "main"];

function setup({ panel = false, listHidden = false } = {}) {
  render(
    <>
      <SkipLink text="Skip to map content" targets={TARGETS} />
      <nav>
        <a href="/map">Map</a>
      </nav>
      <div aria-hidden={listHidden || undefined}>
        <ul aria-label="Poles">
          <li>
            <button type="button" data-map-content="pole-list">
              P-1
            </button>
          </li>
        </ul>
      </div>
      <main aria-label="Map">
        <button type="button">Search</button>
      </main>
      {panel && <aside aria-label="pole.jpg">Photo 1 of 1</aside>}
    </>,
  );
  return userEvent.setup();
}

describe("SkipLink", () => {
  it("is the first Tab stop and moves the focus to the pole list, past the navigation", async () => {
    const user = setup();
    await user.tab();
    const link = screen.getByRole("link", { name: "Skip to map content" });
    expect(link).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "P-1" })).toHaveFocus();
  });

  it("prefers the open panel, made focusable for the script alone", async () => {
    const user = setup({ panel: true });
    await user.tab();
    await user.keyboard("{Enter}");
    const panel = screen.getByRole("complementary", { name: "pole.jpg" });
    expect(panel).toHaveFocus();
    expect(panel).toHaveAttribute("tabindex", "-1");
  });

  it("passes over a list hidden in a closed drawer, to the map", async () => {
    const user = setup({ listHidden: true });
    await user.tab();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("main")).toHaveFocus();
    // From there the next Tab reaches the map's own controls.
    await user.tab();
    expect(screen.getByRole("button", { name: "Search" })).toHaveFocus();
  });
});
