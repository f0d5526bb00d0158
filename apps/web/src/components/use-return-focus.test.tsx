/**
 * A panel closing gives the keyboard back to its opener, and where nothing had it when the panel
 * opened (a click on the globe), to the first of its stand-ins on screen: never to the page.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { useReturnFocus } from "./use-return-focus";

function Panel({ onClose, elseTo }: { onClose: () => void; elseTo?: () => readonly string[] }) {
  const panel = useReturnFocus<HTMLElement>(elseTo);
  return (
    <aside ref={panel}>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </aside>
  );
}

function Screen({ elseTo }: { elseTo?: () => readonly string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <span data-testid="hidden-stand-in" hidden />
      {open && <Panel onClose={() => setOpen(false)} elseTo={elseTo} />}
      {/* Stands for a click on a canvas: opens the panel without taking the focus. */}
      <div data-testid="canvas" onClick={() => setOpen(true)} />
    </main>
  );
}

describe("useReturnFocus", () => {
  it("gives the keyboard back to the control that opened the panel", async () => {
    const user = userEvent.setup();
    render(<Screen elseTo={() => ["main"]} />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Open" })).toHaveFocus());
  });

  it("gives it to the first stand-in on screen when nothing had it as the panel opened", async () => {
    const user = userEvent.setup();
    render(<Screen elseTo={() => ["[data-testid='hidden-stand-in']", "main"]} />);
    await user.click(screen.getByTestId("canvas"));
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole("button", { name: "Close" }));
    const main = screen.getByRole("main");
    await waitFor(() => expect(main).toHaveFocus());
    // Focusable for the script only: not a new Tab stop.
    expect(main.tabIndex).toBe(-1);
  });
});
