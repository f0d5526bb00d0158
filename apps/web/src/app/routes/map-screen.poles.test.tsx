/**
 * The region view from the compact poles, against a stand-in server: a click on a pole
 * loads its timeline and opens its latest photo (loading and failure shown in the panel, a later
 * click wins), a reload finds the photo's pole, and the region's photos are never asked for.
 */
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { WorkspaceEvent } from "@poleatlas/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../test/render-auth";
import { photo, poleMarkersOf, poleSummary, region } from "../../test/records";
import { fakeServer, type Call } from "../../test/fake-server";
import { mapScreenRoutes } from "../../test/map-routes";
import { invalidateFor } from "../live/live-invalidation";
import MapScreen from "./map-screen";

vi.mock("../../globe", async () => ({ GlobeView: (await import("../../test/globe-stub")).GlobeStub }));

const BERLIN = region({ id: "13.4,52.5", count: 4 });
const SERVER_ERROR = {
  status: 500,
  body: { code: "internal", message: "Something went wrong on our side." },
};
const POLE_GONE = { status: 404, body: { code: "not_found", message: "Pole not found" } };
/** Pole A: three photos, the undated one last in list order; pole B: one. */
const A1 = photo({ id: "a1", name: "a-2023.jpg", pole_id: "pole-a", date: "2023-01-01" });
const A2 = photo({ id: "a2", name: "a-2024.jpg", pole_id: "pole-a", date: "2024-01-01" });
const A3 = photo({ id: "a3", name: "a-undated.jpg", pole_id: "pole-a", date: null });
const B1 = photo({ id: "b1", name: "b.jpg", pole_id: "pole-b", latitude: 52.53, longitude: 13.41 });
const POLE_A = { pole: poleSummary({ id: "pole-a", label: "P-1", photo_count: 3 }), images: [A2, A3, A1] };
const POLE_B = { pole: poleSummary({ id: "pole-b", latitude: 52.53, longitude: 13.41 }), images: [B1] };

type Reply = { status: number; body: unknown };

function serve(routes: Record<string, (call: Call) => Reply | Promise<Reply>> = {}) {
  return fakeServer({
    ...mapScreenRoutes([BERLIN]),
    "GET /api/poles": () => ({
      status: 200,
      body: poleMarkersOf([
        { id: "pole-a", label: "P-1", count: 3 },
        { id: "pole-b", latitude: 52.53, longitude: 13.41 },
      ]),
    }),
    "GET /api/poles/pole-a": () => ({ status: 200, body: POLE_A }),
    "GET /api/poles/pole-b": () => ({ status: 200, body: POLE_B }),
    ...routes,
  });
}

const openMap = (at: string) => renderAt(at, [{ path: "/map", element: <MapScreen /> }]);
const regionPhotoLists = (calls: Call[]) => calls.filter((c) => c.path.startsWith("/api/images?region"));

/**
 * The panel's first render (its lazy chunk: MUI slider, toggles, fields, the pole's findings) took
 * over 5 s on a loaded machine: wait for it as long as the test may run.
 */
const PANEL_WAIT = { timeout: 25_000 };

/** A promise the test settles, to hold an answer back. */
function held() {
  let release: (r: Reply) => void = () => {};
  const answer = new Promise<Reply>((resolve) => (release = resolve));
  return { answer, release };
}

/** The panel says the pole is gone (no Retry that could never succeed), and Close leaves none. */
async function closePoleNotFound(user: ReturnType<typeof userEvent.setup>) {
  const status = await screen.findByTestId("photo-panel-status");
  expect(await within(status).findByText("Pole not found")).toBeVisible();
  expect(within(status).queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
  expect(status).not.toHaveTextContent("Could not load this pole's photos.");
  await user.click(within(status).getByRole("button", { name: "Close" }));
  expect(screen.queryByTestId("photo-panel-status")).not.toBeInTheDocument();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Pole A's photo a2 and its timeline as the server answers them, before and after `drop()`. */
function poleALosingA2() {
  let dropped = false;
  return {
    drop: () => void (dropped = true),
    dropped: () => dropped,
    routes: {
      "GET /api/images/a2": () => ({ status: 200, body: { image: A2 } }),
      "GET /api/poles/pole-a": () => ({
        status: 200,
        body: { ...POLE_A, images: POLE_A.images.filter((p) => !dropped || p.id !== "a2") },
      }),
    },
  };
}

/** What the live stream says when a photo of pole A is deleted (here or by a teammate). */
const deletedLive = (photoId: string): WorkspaceEvent => ({
  id: "1",
  type: "image.deleted",
  workspace_id: "u1",
  actor_id: "u1",
  image_ids: [photoId],
  pole_ids: ["pole-a"],
  member_id: null,
});

describe("MapScreen: a click on a pole", () => {
  it("loads its timeline and opens its latest photo, with the URL naming it", async () => {
    const pole = held();
    const server = serve({ "GET /api/poles/pole-a": () => pole.answer });
    const user = userEvent.setup();
    const { router } = openMap("/map?region=13.4,52.5");
    await user.click(await screen.findByRole("button", { name: "pole pole-a" }));
    // Loading, in the panel's place.
    expect(await screen.findByText("Loading the pole's photos…")).toBeVisible();
    pole.release({ status: 200, body: POLE_A });
    const panel = await screen.findByTestId("photo-panel", {}, PANEL_WAIT);
    // The last in list order (undated last): the photo the marker stood for before.
    expect(within(panel).getByRole("heading", { name: "This photo: a-undated.jpg" })).toBeVisible();
    expect(within(panel).getByText("Photo 3 of 3")).toBeVisible();
    expect(router.state.location.search).toBe("?region=13.4%2C52.5&pole=pole-a&photo=a3");
    expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-selected", "a3");
    expect(screen.queryByText("Loading the pole's photos…")).not.toBeInTheDocument();
    // The record's heading and label field read the pole from its answer; the focus is on the heading.
    const record = screen.getByTestId("pole-record");
    expect(within(record).getByLabelText("Pole label")).toHaveValue("P-1");
    expect(within(record).getByRole("heading", { level: 2, name: "P-1" })).toHaveFocus();
    expect(regionPhotoLists(server.calls)).toEqual([]);
  });

  it("says when the pole could not be loaded, and Retry loads it", async () => {
    let fail = true;
    serve({ "GET /api/poles/pole-b": () => (fail ? SERVER_ERROR : { status: 200, body: POLE_B }) });
    const user = userEvent.setup();
    const { router } = openMap("/map?region=13.4,52.5");
    await user.click(await screen.findByRole("button", { name: "pole pole-b" }));
    const status = await screen.findByTestId("photo-panel-status");
    expect(await within(status).findByText("Could not load this pole's photos.")).toBeVisible();
    expect(within(status).getByText("Something went wrong on our side.")).toBeVisible();
    fail = false;
    await user.click(within(status).getByRole("button", { name: "Retry" }));
    const panel = await screen.findByTestId("photo-panel", {}, PANEL_WAIT);
    expect(within(panel).getByRole("heading", { name: "This photo: b.jpg" })).toBeVisible();
    expect(router.state.location.search).toBe("?region=13.4%2C52.5&pole=pole-b&photo=b1");
  });

  it("says a pole that is gone (404) is not found, with no Retry, and Close leaves no panel", async () => {
    const server = serve({ "GET /api/poles/pole-b": () => POLE_GONE });
    const user = userEvent.setup();
    openMap("/map?region=13.4,52.5");
    await user.click(await screen.findByRole("button", { name: "pole pole-b" }));
    await closePoleNotFound(user);
    // Its marker was out of date: the region's poles and the regions are asked for again.
    const asked = (path: string) => server.calls.filter((c) => c.path.startsWith(path)).length;
    await waitFor(() => expect(asked("/api/poles?region")).toBe(2));
    expect(asked("/api/regions")).toBe(2);
  });

  it("a click on another pole while one loads wins", async () => {
    const slow = held();
    serve({ "GET /api/poles/pole-a": () => slow.answer });
    const user = userEvent.setup();
    const { router } = openMap("/map?region=13.4,52.5");
    await user.click(await screen.findByRole("button", { name: "pole pole-a" }));
    await user.click(screen.getByRole("button", { name: "pole pole-b" }));
    const panel = await screen.findByTestId("photo-panel", {}, PANEL_WAIT);
    expect(within(panel).getByRole("heading", { name: "This photo: b.jpg" })).toBeVisible();
    slow.release({ status: 200, body: POLE_A });
    // The late answer for the first click changes nothing.
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.search).toBe("?region=13.4%2C52.5&pole=pole-b&photo=b1");
    expect(
      within(screen.getByTestId("photo-panel")).getByRole("heading", { name: "This photo: b.jpg" }),
    ).toBeVisible();
  });

  it("a click on empty space while a pole loads leaves no panel", async () => {
    const slow = held();
    serve({ "GET /api/poles/pole-a": () => slow.answer });
    const user = userEvent.setup();
    const { router } = openMap("/map?region=13.4,52.5");
    await user.click(await screen.findByRole("button", { name: "pole pole-a" }));
    expect(await screen.findByText("Loading the pole's photos…")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "empty click" }));
    expect(screen.queryByText("Loading the pole's photos…")).not.toBeInTheDocument();
    slow.release({ status: 200, body: POLE_A });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId("photo-panel")).not.toBeInTheDocument();
    expect(router.state.location.search).toBe("?region=13.4,52.5");
  });
});

describe("MapScreen: a region and photo in the URL (a reload, a link, back/forward)", () => {
  it("finds the photo's pole from the photo and steps along that pole's timeline without asking again", async () => {
    const server = serve({ "GET /api/images/a1": () => ({ status: 200, body: { image: A1 } }) });
    const user = userEvent.setup();
    const { router } = openMap("/map?region=13.4,52.5&photo=a1");
    const panel = await screen.findByTestId("photo-panel", {}, PANEL_WAIT);
    expect(within(panel).getByText("Photo 1 of 3")).toBeVisible();
    await user.keyboard("{ArrowRight}");
    expect(await within(panel).findByText("Photo 2 of 3")).toBeVisible();
    expect(within(panel).getByRole("heading", { name: "This photo: a-2024.jpg" })).toBeVisible();
    expect(router.state.location.search).toBe("?region=13.4%2C52.5&photo=a2");
    const paths = server.calls.map((c) => c.path);
    expect(paths.filter((p) => p.startsWith("/api/images/"))).toEqual(["/api/images/a1"]);
    expect(paths.filter((p) => p === "/api/poles/pole-a")).toHaveLength(1);
    expect(regionPhotoLists(server.calls)).toEqual([]);
  });

  it("shows no panel for a photo that is gone", async () => {
    serve({
      "GET /api/images/gone": () => ({
        status: 404,
        body: { code: "not_found", message: "Image not found" },
      }),
    });
    openMap("/map?region=13.4,52.5&photo=gone");
    await waitFor(() =>
      expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-poles", '["pole-a","pole-b"]'),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId("photo-panel")).not.toBeInTheDocument();
    expect(screen.queryByTestId("photo-panel-status")).not.toBeInTheDocument();
  });
});

describe("MapScreen: a region and photo in the URL whose pole is gone", () => {
  it("says the pole is not found, with no Retry", async () => {
    serve({
      "GET /api/images/a1": () => ({ status: 200, body: { image: A1 } }),
      "GET /api/poles/pole-a": () => POLE_GONE,
    });
    const user = userEvent.setup();
    const { router } = openMap("/map?region=13.4,52.5&photo=a1");
    await closePoleNotFound(user);
    expect(router.state.location.search).toBe("?region=13.4%2C52.5");
  });
});

describe("MapScreen: after a change, the queries it touched are asked again", () => {
  it("a rating refreshes the region's poles, the pole's timeline and the regions", async () => {
    const server = serve({
      "GET /api/images/a2": () => ({ status: 200, body: { image: A2 } }),
      "PATCH /api/images/a2": () => ({ status: 200, body: { image: { ...A2, risk: "high" } } }),
    });
    const user = userEvent.setup();
    openMap("/map?region=13.4,52.5&photo=a2");
    const panel = await screen.findByTestId("photo-panel", {}, PANEL_WAIT);
    const count = (path: string) => server.calls.filter((c) => c.method === "GET" && c.path === path).length;
    const before = {
      poles: count("/api/poles?region=13.4%2C52.5"),
      pole: count("/api/poles/pole-a"),
      regions: count("/api/regions"),
    };
    await user.click(within(panel).getByRole("button", { name: "High Risk" }));
    await waitFor(() => expect(count("/api/poles?region=13.4%2C52.5")).toBe(before.poles + 1));
    await waitFor(() => expect(count("/api/poles/pole-a")).toBe(before.pole + 1));
    await waitFor(() => expect(count("/api/regions")).toBe(before.regions + 1));
  });

  it("a deletion drops the photo from the timeline at once and refreshes poles and regions", async () => {
    const a2 = poleALosingA2();
    const server = serve({
      ...a2.routes,
      // 200 stands in for the server's 204 (a Response with a body cannot be a 204).
      "DELETE /api/images/a2": () => {
        a2.drop();
        return { status: 200, body: {} };
      },
    });
    const user = userEvent.setup();
    const { router } = openMap("/map?region=13.4,52.5&photo=a2");
    const panel = await screen.findByTestId("photo-panel", {}, PANEL_WAIT);
    const count = (path: string) => server.calls.filter((c) => c.method === "GET" && c.path === path).length;
    const pole = count("/api/poles/pole-a");
    const poles = count("/api/poles?region=13.4%2C52.5");
    await user.click(within(panel).getByRole("button", { name: "Delete image" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    // The next photo of the timeline, in a timeline without the deleted one.
    await waitFor(() => expect(router.state.location.search).toBe("?region=13.4%2C52.5&photo=a3"));
    expect(await screen.findByText("Photo 2 of 2", {}, PANEL_WAIT)).toBeVisible();
    expect(
      within(screen.getByTestId("photo-panel")).getByRole("heading", { name: "This photo: a-undated.jpg" }),
    ).toBeVisible();
    await waitFor(() => expect(count("/api/poles/pole-a")).toBeGreaterThan(pole));
    await waitFor(() => expect(count("/api/poles?region=13.4%2C52.5")).toBeGreaterThan(poles));
  });

  it("a deletion told live before the server's answer still moves the panel to the next photo", async () => {
    const a2 = poleALosingA2();
    const answer = held();
    serve({
      ...a2.routes,
      "DELETE /api/images/a2": () => {
        a2.drop();
        return answer.answer;
      },
    });
    const user = userEvent.setup();
    const { router, queryClient } = openMap("/map?region=13.4,52.5&photo=a2");
    const panel = await screen.findByTestId("photo-panel", {}, PANEL_WAIT);
    await user.click(within(panel).getByRole("button", { name: "Delete image" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(a2.dropped()).toBe(true));
    act(() => invalidateFor(queryClient, deletedLive("a2")));
    // The live event took the photo off the screen before the server's answer came.
    await waitFor(() => expect(screen.queryByText("Photo 2 of 3")).not.toBeInTheDocument());
    answer.release({ status: 200, body: {} });
    await waitFor(() => expect(router.state.location.search).toBe("?region=13.4%2C52.5&photo=a3"));
    expect(await screen.findByText("Photo 2 of 2", {}, PANEL_WAIT)).toBeVisible();
    expect(screen.queryByText("Loading the pole's photos…")).not.toBeInTheDocument();
  });

  it("a teammate deleting the photo on screen moves the panel along its timeline", async () => {
    const a2 = poleALosingA2();
    serve(a2.routes);
    const { router, queryClient } = openMap("/map?region=13.4,52.5&photo=a2");
    expect(await screen.findByText("Photo 2 of 3", {}, PANEL_WAIT)).toBeVisible();
    a2.drop();
    act(() => invalidateFor(queryClient, deletedLive("a2")));
    await waitFor(() => expect(router.state.location.search).toBe("?region=13.4%2C52.5&photo=a3"));
    expect(await screen.findByText("Photo 2 of 2", {}, PANEL_WAIT)).toBeVisible();
  });
});
