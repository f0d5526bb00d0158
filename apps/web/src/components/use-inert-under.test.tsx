/** Under an open bottom sheet, the controls it covers are out of the Tab order; back when it goes. */
import { render, screen, waitFor } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it } from "vitest";
import { useInertUnder } from "./use-inert-under";

const sheetOf = () => document.querySelector("[data-sheet]");

/** A 390 × 844 screen: the sheet's top at 500 px, the buttons where a test puts them. */
function place(el: Element, top: number, height: number) {
  el.getBoundingClientRect = () =>
    ({ top, bottom: top + height, left: 0, right: 40, width: 40, height }) as DOMRect;
}

function Screen({ open }: { open: boolean }) {
  const main = useRef<HTMLElement>(null);
  useInertUnder(main, sheetOf, open);
  return (
    <>
      <main ref={main}>
        <button type="button" ref={(el) => void (el && place(el, 12, 40))}>
          Search
        </button>
        <button type="button" ref={(el) => void (el && place(el, 780, 40))}>
          Risk Levels
        </button>
        <button type="button" inert ref={(el) => void (el && place(el, 800, 20))}>
          Already inert
        </button>
      </main>
      {open && <aside data-sheet ref={(el) => void (el && place(el, 500, 344))} />}
    </>
  );
}

describe("useInertUnder", () => {
  it("takes what the sheet covers out of the Tab order while it is open, and gives it back", async () => {
    const view = render(<Screen open={false} />);
    const legend = screen.getByRole("button", { name: "Risk Levels" });
    expect(legend.inert).toBe(false);
    view.rerender(<Screen open />);
    await waitFor(() => expect(legend.inert).toBe(true));
    expect(screen.getByRole("button", { name: "Search" }).inert).toBe(false);
    view.rerender(<Screen open={false} />);
    expect(legend.inert).toBe(false);
    // What was inert before stays so: only what the sheet covered is released.
    expect(screen.getByText("Already inert").inert).toBe(true);
  });
});
