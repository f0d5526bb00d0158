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
      data-picking={String(props.pickingPosition)}
      data-pole-labels={JSON.stringify([...props.poleLabels])}
    >
      {/* Stands for a click on the globe in pick mode (the real one is in the e2e tests). */}
      <button
        type="button"
        onClick={() => props.onPositionPicked({ latitude: -33.8688, longitude: 151.2093 })}
      >
        globe click
      </button>
    </div>
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

  it("shows the hint, puts the globe in pick mode, and PATCHes the picked position", async () => {
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
    await waitFor(() =>
      expect(server.actions().find((c) => c.method === "PATCH")?.body).toEqual({
        latitude: -33.8688,
        longitude: 151.2093,
      }),
    );
    await waitFor(() => expect(globe).toHaveAttribute("data-picking", "false"));
    expect(screen.queryByText("Click the map to place this photo. Esc to cancel.")).not.toBeInTheDocument();
    // Shown where it now is, selected.
    await waitFor(() => expect(router.state.location.search).toBe("?region=151.2%2C-33.9&photo=lost"));
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
    expect(await screen.findByText("Could not save. Please try again.")).toBeVisible();
    expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-picking", "true");
  });
});

describe("MapScreen: pole labels", () => {
  it("hands the region's set pole labels to the globe", async () => {
    serve({
      "GET /api/poles": () => ({
        status: 200,
        body: {
          poles: [
            {
              id: "pole-1",
              label: "P-10423",
              latitude: 52.5,
              longitude: 13.4,
              photo_count: 2,
              first_date: "2024-01-01",
              last_date: "2024-02-01",
              risk: null,
            },
            {
              id: "pole-2",
              label: "",
              latitude: 52.5,
              longitude: 13.41,
              photo_count: 1,
              first_date: "2024-01-01",
              last_date: "2024-01-01",
              risk: null,
            },
          ],
        },
      }),
    });
    openMap("/map?region=13.4,52.5");
    await waitFor(() =>
      expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-pole-labels", '[["pole-1","P-10423"]]'),
    );
  });
});
