/**
 * The map screen against a stand-in server: failed loads say so with Retry, and a link naming
 * only a photo asks for that photo alone. The globe (Cesium needs WebGL) is replaced by a stub
 * that shows what it was given.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../features/auth/test/render-auth";
import type { GlobeViewProps } from "../../globe";
import { photo, region } from "../../test/records";
import { fakeServer, type Call } from "../../test/fake-server";
import MapScreen from "./map-screen";

vi.mock("../../globe", () => ({
  GlobeView: (props: GlobeViewProps) => (
    <div
      data-testid="globe-stub"
      data-regions={props.regions.length}
      data-photos={props.photos.length}
      data-selected={props.selectedPhotoId ?? ""}
    />
  ),
}));

const USER = { status: 200, body: { user: { id: "u1", email: "a@b.test" } } };
const BERLIN = region({ id: "13.4,52.5", count: 2 });
const P1 = photo({ id: "p1" });
const P2 = photo({ id: "p2" });
const SERVER_ERROR = {
  status: 500,
  body: { code: "internal", message: "Something went wrong on our side." },
};

type Routes = Record<string, (call: Call) => { status: number; body: unknown }>;

function serve(routes: Routes = {}) {
  return fakeServer({
    "GET /api/auth/get-session": () => USER,
    "GET /api/regions": () => ({ status: 200, body: { regions: [BERLIN] } }),
    "GET /api/storage/usage": () => ({ status: 200, body: { usedBytes: 0, quotaBytes: 52428800 } }),
    "GET /api/images": () => ({ status: 200, body: { images: [P1, P2], nextCursor: null } }),
    ...routes,
  });
}

function openMap(at: string) {
  return renderAt(at, [{ path: "/map", element: <MapScreen /> }]);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("MapScreen: failed loads", () => {
  it("says the regions failed to load, and Retry loads them", async () => {
    let fail = true;
    serve({ "GET /api/regions": () => (fail ? SERVER_ERROR : { status: 200, body: { regions: [BERLIN] } }) });
    openMap("/map");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load your regions.");
    expect(alert).toHaveTextContent("Something went wrong on our side.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
    expect(await screen.findByTestId("globe-stub")).toHaveAttribute("data-regions", "1");
  });

  it("says a region's photos failed to load, and Retry loads them", async () => {
    let fail = true;
    serve({
      "GET /api/images": () =>
        fail ? SERVER_ERROR : { status: 200, body: { images: [P1], nextCursor: null } },
    });
    openMap("/map?region=13.4,52.5");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load this region's photos.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-photos", "1"));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says the storage usage failed to load, and Retry loads it", async () => {
    let fail = true;
    serve({
      "GET /api/storage/usage": () =>
        fail ? SERVER_ERROR : { status: 200, body: { usedBytes: 36_700_160, quotaBytes: 52428800 } },
    });
    openMap("/map");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load your storage usage.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("35 MB of 50 MB")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

/** The sidebar's count of photos without a place: one bounded page, not the list a link avoids. */
const isUnplacedPage = (path: string) => path === "/api/images?unplaced=true";

describe("MapScreen: a link naming only a photo", () => {
  it("asks for that photo alone, then opens its region with it selected", async () => {
    const server = serve({ "GET /api/images/p2": () => ({ status: 200, body: { image: P2 } }) });
    const { router } = openMap("/map?photo=p2");
    await waitFor(() => expect(router.state.location.search).toBe("?photo=p2&region=13.4%2C52.5"));
    await waitFor(() => expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-selected", "p2"));
    const listCalls = server.calls.filter(
      (c) => c.path.startsWith("/api/images?") && !isUnplacedPage(c.path),
    );
    expect(listCalls.map((c) => c.path)).toEqual(["/api/images?region=13.4%2C52.5"]);
    expect(server.calls.some((c) => c.path === "/api/images")).toBe(false);
  });

  it.each([
    ["missing or someone else's", 404, { code: "not_found", message: "Image not found" }],
    ["malformed", 400, { code: "invalid_request", message: "Invalid id", field: "params.id" }],
  ])("says a %s photo was not found and stays on the overview", async (_kind, status, body) => {
    const server = serve({ "GET /api/images/gone": () => ({ status, body }) });
    const { router } = openMap("/map?photo=gone");
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent("That photo was not found");
    expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-selected", "");
    const lists = server.calls.filter((c) => c.path.startsWith("/api/images?") || c.path === "/api/images");
    expect(lists.filter((c) => !isUnplacedPage(c.path))).toEqual([]);
    await userEvent.setup().click(within(notice).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(router.state.location.search).toBe("");
  });
});
