/**
 * Each route titles the document, and a change of route inside the app is said politely and
 * takes the keyboard to the new screen's heading, even one whose page arrives later.
 */
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, Suspense } from "react";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { RouteFrame } from "./route-frame";

let arrive: () => void = () => {};
const LateDashboard = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      arrive = () =>
        resolve({
          default: () => (
            <main>
              <h1>Dashboard</h1>
            </main>
          ),
        });
    }),
);

function renderRoutes(start: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RouteFrame />,
        children: [
          {
            path: "/work",
            element: (
              <main>
                <h1>Work list</h1>
                <Link to="/dashboard">To the dashboard</Link>
                <Link to="/notifications">To the alerts</Link>
                <Link to="/work?sort=level">Sort by level</Link>
              </main>
            ),
          },
          {
            path: "/dashboard",
            element: (
              <Suspense fallback={<p>Loading</p>}>
                <LateDashboard />
              </Suspense>
            ),
          },
          {
            path: "/notifications",
            element: (
              <main>
                <h1>E-mail alerts</h1>
              </main>
            ),
          },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("the route frame", () => {
  it("titles the first screen without announcing it or moving the focus", () => {
    renderRoutes("/work");
    expect(document.title).toBe("Work list — PoleAtlas");
    expect(screen.getByTestId("route-announcer")).toHaveTextContent("");
    expect(document.activeElement).toBe(document.body);
  });

  it("says the new title and puts the keyboard on the new screen's heading", async () => {
    renderRoutes("/work");
    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "To the alerts" }));
    expect(document.title).toBe("E-mail alerts — PoleAtlas");
    expect(screen.getByRole("status")).toHaveTextContent("E-mail alerts — PoleAtlas");
    const heading = screen.getByRole("heading", { level: 1, name: "E-mail alerts" });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it("waits for a page that loads later, then focuses its heading", async () => {
    renderRoutes("/work");
    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "To the dashboard" }));
    expect(document.title).toBe("Dashboard — PoleAtlas");
    expect(screen.getByText("Loading")).toBeInTheDocument();
    act(() => arrive());
    const heading = await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });

  it("leaves the focus and says nothing when only the query changes, as the map's does", async () => {
    renderRoutes("/work");
    const user = userEvent.setup();
    const sort = screen.getByRole("link", { name: "Sort by level" });
    await user.click(sort);
    expect(screen.getByTestId("route-announcer")).toHaveTextContent("");
    // Given time to load the focus module, the focus stays where the user put it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sort).toHaveFocus();
  });
});
