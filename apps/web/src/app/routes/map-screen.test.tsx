/**
 * The map screen against a stand-in server: failed loads say so with Retry, and a link naming
 * only a photo asks for that photo alone. The globe (Cesium needs WebGL) is replaced by a stub
 * that shows what it was given. The region view is in map-screen.poles.test.tsx.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../test/render-auth";
import { photo, poleMarkersOf, poleSummary, region } from "../../test/records";
import { fakeServer, type Call } from "../../test/fake-server";
import MapScreen from "./map-screen";

vi.mock("../../globe", async () => ({ GlobeView: (await import("../../test/globe-stub")).GlobeStub }));

const USER = { status: 200, body: { user: { id: "u1", email: "a@b.test" } } };
const BERLIN = region({ id: "13.4,52.5", count: 2 });
const P1 = photo({ id: "p1", pole_id: "pole-1", date: "2024-01-01" });
const P2 = photo({ id: "p2", pole_id: "pole-1", date: "2024-02-01" });
const POLE_1 = poleSummary({ id: "pole-1", photo_count: 2 });
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
    "GET /api/images": () => ({ status: 200, body: { images: [], nextCursor: null } }),
    "GET /api/poles": () => ({ status: 200, body: poleMarkersOf([{ id: "pole-1", count: 2 }]) }),
    "GET /api/poles/pole-1": () => ({ status: 200, body: { pole: POLE_1, images: [P1, P2] } }),
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

  it("says a region's poles failed to load, and Retry loads them", async () => {
    let fail = true;
    serve({
      "GET /api/poles": () =>
        fail ? SERVER_ERROR : { status: 200, body: poleMarkersOf([{ id: "pole-1" }]) },
    });
    openMap("/map?region=13.4,52.5");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load this region's photos.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-poles", '["pole-1"]'));
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

  it("shows both failures at once, each with its own Retry", async () => {
    let fail = true;
    serve({
      "GET /api/regions": () => (fail ? SERVER_ERROR : { status: 200, body: { regions: [BERLIN] } }),
      "GET /api/storage/usage": () =>
        fail ? SERVER_ERROR : { status: 200, body: { usedBytes: 0, quotaBytes: 52428800 } },
    });
    openMap("/map");
    const regions = await screen.findByText("Could not load your regions.");
    const usage = await screen.findByText("Could not load your storage usage.");
    expect(screen.getAllByRole("alert")).toHaveLength(2);
    fail = false;
    const user = userEvent.setup();
    await user.click(
      within(regions.closest<HTMLElement>("[role=alert]")!).getByRole("button", { name: "Retry" }),
    );
    await user.click(
      within(usage.closest<HTMLElement>("[role=alert]")!).getByRole("button", { name: "Retry" }),
    );
    await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
    expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-regions", "1");
  });
});

/** The sidebar's count of photos without a place: one bounded page, not the list a link avoids. */
const isUnplacedPage = (path: string) => path === "/api/images?unplaced=true";

describe("MapScreen: a link naming only a photo", () => {
  it("asks for that photo alone, then opens its region with it selected in its pole's timeline", async () => {
    const server = serve({ "GET /api/images/p2": () => ({ status: 200, body: { image: P2 } }) });
    const { router } = openMap("/map?photo=p2");
    await waitFor(() => expect(router.state.location.search).toBe("?photo=p2&region=13.4%2C52.5"));
    await waitFor(() => expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-selected", "p2"));
    expect(await screen.findByText("Photo 2 of 2")).toBeVisible();
    const listCalls = server.calls.filter(
      (c) => c.path.startsWith("/api/images?") && !isUnplacedPage(c.path),
    );
    // Never a region's photos: the compact poles, the photo, its pole.
    expect(listCalls).toEqual([]);
    expect(server.calls.some((c) => c.path === "/api/images")).toBe(false);
    expect(server.calls.filter((c) => c.path.startsWith("/api/images/p2")).length).toBe(1);
    expect(server.calls.map((c) => c.path)).toContain("/api/poles/pole-1");
  });

  it("opens the region of the photo's pole, where that pole is drawn, when the photo lies across a region border", async () => {
    // 13.44999 rounds to region 13.4, the pole's 13.45001 (a metre east) to 13.5.
    const edge = photo({ id: "p9", pole_id: "pole-east", longitude: 13.44999, latitude: 52.52 });
    const east = poleSummary({ id: "pole-east", longitude: 13.45001, latitude: 52.52 });
    serve({
      "GET /api/regions": () => ({
        status: 200,
        body: { regions: [BERLIN, region({ id: "13.5,52.5" })] },
      }),
      "GET /api/images/p9": () => ({ status: 200, body: { image: edge } }),
      "GET /api/poles/pole-east": () => ({ status: 200, body: { pole: east, images: [edge] } }),
    });
    const { router } = openMap("/map?photo=p9");
    await waitFor(() => expect(router.state.location.search).toBe("?photo=p9&region=13.5%2C52.5"));
    await waitFor(() => expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-selected", "p9"));
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

describe("MapScreen: placing an unplaced photo by clicking the globe", () => {
  const LOST = photo({ id: "lost", name: "lost.jpg", latitude: null, longitude: null, pole_id: null });
  const unplaced = {
    "GET /api/images": (call: Call) =>
      isUnplacedPage(call.path)
        ? { status: 200, body: { images: [LOST], nextCursor: null } }
        : { status: 200, body: { images: [P1, P2], nextCursor: null } },
  };

  async function startPlacing() {
    const user = userEvent.setup();
    const view = openMap("/map");
    await user.click(await screen.findByRole("button", { name: /Unplaced photos/ }));
    const form = await screen.findByRole("form", { name: "Place photo: lost.jpg" });
    await user.click(within(form).getByRole("button", { name: "Place on map" }));
    // The dialog closes for the map (until it is gone, the map is outside the accessibility tree).
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    return { user, ...view };
  }

  it("shows the hint, puts the globe in pick mode, shows the picked position, and saves it", async () => {
    const server = serve({
      ...unplaced,
      "PATCH /api/images/lost": (call) => ({
        status: 200,
        body: { image: { ...LOST, ...(call.body as object), pole_id: "pole-9" } },
      }),
    });
    const { user, router } = await startPlacing();
    expect(await screen.findByText("Click the map to place this photo. Esc to cancel.")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const globe = screen.getByTestId("globe-stub");
    expect(globe).toHaveAttribute("data-picking", "true");

    await user.click(within(globe).getByRole("button", { name: "globe click" }));
    // Shown before it is saved: nothing is sent until Save.
    expect(
      await screen.findByText("Place it at -33.868800, 151.209300? Click elsewhere on the map to change."),
    ).toBeVisible();
    expect(server.actions().filter((c) => c.method === "PATCH")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.actions().find((c) => c.method === "PATCH")?.body).toEqual({
        latitude: -33.8688,
        longitude: 151.2093,
      }),
    );
    await waitFor(() => expect(globe).toHaveAttribute("data-picking", "false"));
    expect(screen.queryByText("Click the map to place this photo. Esc to cancel.")).not.toBeInTheDocument();
    // Shown where it now is, selected.
    await waitFor(() =>
      expect(router.state.location.search).toBe("?region=151.2%2C-33.9&pole=pole-9&photo=lost"),
    );
  });

  it("Escape leaves pick mode without sending anything", async () => {
    const server = serve(unplaced);
    const { user } = await startPlacing();
    expect(await screen.findByText("Click the map to place this photo. Esc to cancel.")).toBeVisible();
    await user.keyboard("{Escape}");
    expect(screen.queryByText("Click the map to place this photo. Esc to cancel.")).not.toBeInTheDocument();
    expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-picking", "false");
    expect(server.actions().filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("a failed save keeps pick mode and says so", async () => {
    serve({ ...unplaced, "PATCH /api/images/lost": () => SERVER_ERROR });
    const { user } = await startPlacing();
    await user.click(await screen.findByRole("button", { name: "globe click" }));
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("Could not save. Please try again.")).toBeVisible();
    expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-picking", "true");
  });
});

describe("MapScreen: moving a photo from its panel by clicking the globe", () => {
  it("'Place on map' starts pick mode, shows the picked position, and saves it", async () => {
    const server = serve({
      "GET /api/images/p2": () => ({ status: 200, body: { image: P2 } }),
      "PATCH /api/images/p2": (call) => ({
        status: 200,
        body: { image: { ...P2, ...(call.body as object), pole_id: "pole-9", version: P2.version + 1 } },
      }),
    });
    const user = userEvent.setup();
    openMap("/map?photo=p2");
    const panel = await screen.findByTestId("photo-panel", {}, { timeout: 20_000 });
    await user.click(await within(panel).findByRole("button", { name: "Place on map" }, { timeout: 20_000 }));
    expect(await screen.findByText("Click the map to place this photo. Esc to cancel.")).toBeVisible();
    const globe = screen.getByTestId("globe-stub");
    expect(globe).toHaveAttribute("data-picking", "true");
    await user.click(within(globe).getByRole("button", { name: "globe click" }));
    expect(
      await screen.findByText("Place it at -33.868800, 151.209300? Click elsewhere on the map to change."),
    ).toBeVisible();
    expect(server.actions().filter((c) => c.method === "PATCH")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.actions().find((c) => c.method === "PATCH")?.body).toEqual({
        latitude: -33.8688,
        longitude: 151.2093,
      }),
    );
    await waitFor(() => expect(globe).toHaveAttribute("data-picking", "false"));
    // A link, a timeline and two answers: ~12 s in jsdom on the shared machine.
  }, 60_000);
});

describe("MapScreen: pole labels", () => {
  it("hands the region's compact poles, labels included, to the globe", async () => {
    serve({
      "GET /api/poles": () => ({
        status: 200,
        body: poleMarkersOf([
          { id: "pole-1", label: "P-10423", count: 2 },
          { id: "pole-2", longitude: 13.41 },
        ]),
      }),
    });
    openMap("/map?region=13.4,52.5");
    const globe = screen.getByTestId("globe-stub");
    await waitFor(() => expect(globe).toHaveAttribute("data-pole-labels", '{"pole-1":"P-10423"}'));
    expect(globe).toHaveAttribute("data-poles", '["pole-1","pole-2"]');
  });
});
