import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import SubscribePage from "./subscribe-page";

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: "/subscribe", element: <SubscribePage /> },
      { path: "/", element: <p>home</p> },
    ],
    { initialEntries: ["/subscribe"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("SubscribePage", () => {
  it("shows the plan as the spec words it", () => {
    renderPage();
    expect(screen.getByRole("heading", { name: "PoleAtlas" })).toBeInTheDocument();
    expect(screen.getByText("Spatial Intelligence for the Built World")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Upgrade Your Storage" })).toBeInTheDocument();
    expect(screen.getByText("$10/month")).toBeInTheDocument();
    expect(screen.getByText("Get 50GB of storage for your data")).toBeInTheDocument();
  });

  it("'Upgrade Now' only says payment comes later; 'Back to Map' goes to /", async () => {
    const user = userEvent.setup();
    const router = renderPage();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Upgrade Now" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Payment processing will be implemented later.");
    expect(router.state.location.pathname).toBe("/subscribe");
    await user.click(screen.getByRole("link", { name: "Back to Map" }));
    expect(router.state.location.pathname).toBe("/");
  });
});
