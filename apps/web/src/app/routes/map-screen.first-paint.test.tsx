/**
 * First paint: the sidebar, the storage card and the upload dialog work while the globe (Cesium,
 * ~4 MB) is still loading. The globe module here never finishes loading.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { renderAt } from "../../test/render-auth";
import { fakeServer } from "../../test/fake-server";
import MapScreen from "./map-screen";

vi.mock("../../globe", () => new Promise(() => {}));

afterEach(() => {
  vi.unstubAllGlobals();
});

it("shows the sidebar and a globe placeholder, and opens the upload dialog, before the globe loads", async () => {
  fakeServer({
    "GET /api/auth/get-session": () => ({ status: 200, body: { user: { id: "u1", email: "a@b.test" } } }),
    "GET /api/regions": () => ({ status: 200, body: { regions: [] } }),
    "GET /api/storage/usage": () => ({ status: 200, body: { usedBytes: 0, quotaBytes: 52428800 } }),
  });
  renderAt("/map", [{ path: "/map", element: <MapScreen /> }]);
  expect(await screen.findByText("Loading the globe…")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Map" })).toBeInTheDocument();
  expect(screen.getByTestId("storage-card")).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole("button", { name: "Upload Images" }));
  expect(await screen.findByRole("dialog", { name: "Upload Images" })).toBeInTheDocument();
});
