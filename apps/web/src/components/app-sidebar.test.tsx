/** On narrow screens the sidebar is a drawer: a named dialog, and a menu button that says it is open. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AppSidebar, OpenMenuButton } from "./app-sidebar";

function Narrow() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <OpenMenuButton open={open} onOpen={() => setOpen(true)} />
      <AppSidebar drawer={{ open, onClose: () => setOpen(false) }} onLogout={() => {}} />
    </>
  );
}

describe("the sidebar as a drawer", () => {
  it("opens from a button that says whether it is open, as a dialog named 'Menu'", async () => {
    const router = createMemoryRouter([{ path: "/", element: <Narrow /> }]);
    render(<RouterProvider router={router} />);
    const button = screen.getByRole("button", { name: "Open menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(button);
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(button).toHaveAttribute("aria-controls", menu.id);
    expect(menu).toContainElement(screen.getByRole("navigation", { name: "Main" }));
  });
});
