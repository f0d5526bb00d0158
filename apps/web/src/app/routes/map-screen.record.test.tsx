/**
 * The pole record on the map screen, against a stand-in server: a pole without photos opens from
 * its marker (heading, register fields, no photos yet), a link naming only the pole opens its
 * region and record, and the keyboard lands on the record's heading, with the photo's actions
 * after the timeline.
 */
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../test/render-auth";
import { photo, poleMarkersOf, poleSummary, region } from "../../test/records";
import { fakeServer, type Call } from "../../test/fake-server";
import { mapScreenRoutes } from "../../test/map-routes";
import MapScreen from "./map-screen";

vi.mock("../../globe", async () => ({ GlobeView: (await import("../../test/globe-stub")).GlobeStub }));

const BERLIN = region({ id: "13.4,52.5", count: 2 });
const A1 = photo({ id: "a1", name: "a-2023.jpg", pole_id: "pole-a", date: "2023-01-01" });
const A2 = photo({ id: "a2", name: "a-2024.jpg", pole_id: "pole-a", date: "2024-01-01" });
const POLE_A = {
  pole: poleSummary({ id: "pole-a", tag: "LIV-100205", label: "Corner", photo_count: 2 }),
  images: [A1, A2],
};
/** From the register: no photos, a tag and its asset data. */
const BARE = poleSummary({
  id: "pole-bare",
  tag: "LIV-100300",
  material: "wood",
  height_m: 12,
  installed_year: 1987,
  circuit: "F12",
  source: "import",
  attributes: { owner: "Town grid" },
  photo_count: 0,
  latitude: 52.51,
  longitude: 13.39,
});
const PANEL_WAIT = { timeout: 25_000 };

function serve(routes: Record<string, (call: Call) => { status: number; body: unknown }> = {}) {
  return fakeServer({
    ...mapScreenRoutes([BERLIN]),
    "GET /api/poles": () => ({
      status: 200,
      body: poleMarkersOf([
        { id: "pole-a", label: "Corner", count: 2 },
        { id: "pole-bare", latitude: 52.51, longitude: 13.39, count: 0 },
      ]),
    }),
    "GET /api/poles/pole-a": () => ({ status: 200, body: POLE_A }),
    "GET /api/poles/pole-bare": () => ({ status: 200, body: { pole: BARE, images: [] } }),
    "GET /api/poles/pole-a/history": () => ({ status: 200, body: { entries: [], nextCursor: null } }),
    "GET /api/poles/pole-bare/history": () => ({ status: 200, body: { entries: [], nextCursor: null } }),
    "GET /api/findings": () => ({ status: 200, body: { findings: [], nextCursor: null } }),
    ...routes,
  });
}

const openMap = (at: string) => renderAt(at, [{ path: "/map", element: <MapScreen /> }]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("MapScreen: a pole without photos", () => {
  it("opens from its marker with its heading, region, register fields and no photos yet", async () => {
    serve();
    const user = userEvent.setup();
    const { router } = openMap("/map?region=13.4,52.5");
    await user.click(await screen.findByRole("button", { name: "pole pole-bare" }));
    const record = await screen.findByTestId("pole-record", {}, PANEL_WAIT);
    const heading = within(record).getByRole("heading", { level: 2, name: "LIV-100300" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(record).toHaveTextContent("Region 1 · 52.510000, 13.390000");
    expect(within(record).getByLabelText("Tag")).toHaveValue("LIV-100300");
    expect(within(record).getByLabelText("Height (m)")).toHaveValue("12");
    expect(within(record).getByLabelText("Installed year")).toHaveValue("1987");
    expect(within(record).getByLabelText("Circuit")).toHaveValue("F12");
    expect(within(record).getByLabelText("Owner")).toHaveValue("Town grid");
    expect(within(record).getByText("No photos of this pole yet.")).toBeVisible();
    expect(within(record).queryByRole("button", { name: "Delete image" })).not.toBeInTheDocument();
    expect(within(record).getByRole("button", { name: "Add finding" })).toBeVisible();
    expect(router.state.location.search).toBe("?region=13.4%2C52.5&pole=pole-bare");
    expect(screen.getByTestId("globe-stub")).toHaveAttribute("data-selected-pole", "pole-bare");
  });

  it("opens from a link naming only the pole, its region opened around it", async () => {
    serve();
    const { router } = openMap("/map?pole=pole-bare");
    const record = await screen.findByTestId("pole-record", {}, PANEL_WAIT);
    expect(within(record).getByRole("heading", { level: 2, name: "LIV-100300" })).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe("?pole=pole-bare&region=13.4%2C52.5"));
  });
});

describe("MapScreen: a link to a pole that is not there", () => {
  it.each([
    ["another workspace's or a deleted pole", "pole-elsewhere", 404],
    ["a mangled pole id", "not-a-pole", 400],
  ])("says %s is not found, with no Retry", async (_, id, status) => {
    serve({ [`GET /api/poles/${id}`]: () => ({ status, body: { code: "x", message: "Pole not found" } }) });
    openMap(`/map?pole=${id}`);
    const panel = await screen.findByTestId("photo-panel-status", {}, PANEL_WAIT);
    expect(await within(panel).findByText("Pole not found")).toBeVisible();
    expect(within(panel).queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
  });
});

describe("MapScreen: the record of a pole with photos", () => {
  it("is headed by the tag, not the file name, and its photo actions come after the timeline", async () => {
    serve();
    const user = userEvent.setup();
    const { router } = openMap("/map?pole=pole-a");
    const record = await screen.findByTestId("pole-record", {}, PANEL_WAIT);
    const heading = within(record).getByRole("heading", { level: 2, name: "LIV-100205" });
    await waitFor(() => expect(heading).toHaveFocus());
    // Its latest photo is shown; the URL keeps the region the link lacked.
    expect(within(record).getByText("Photo 2 of 2")).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe("?pole=pole-a&region=13.4%2C52.5"));
    // From the heading, Tab reaches the record's own controls before any photo action.
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName("Close");
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName("Pole label");
    const timeline = within(record).getByRole("slider", { name: "Timeline" });
    const remove = within(record).getByRole("button", { name: "Delete image" });
    expect(timeline.compareDocumentPosition(remove) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(record).getByRole("group", { name: "This photo: a-2024.jpg" })).toContainElement(remove);
  });
});

describe("MapScreen: a record whose pole goes", () => {
  const REGISTER = poleSummary({ id: "pole-r", tag: "LIV-200", source: "import", photo_count: 2 });
  const merged = (image: typeof A1) => ({ ...image, pole_id: "pole-r" });
  const gone = () => ({ status: 404, body: { code: "not_found", message: "Pole not found" } });

  it("follows its photo to the pole it was merged into", async () => {
    let after = false;
    serve({
      "GET /api/poles/pole-a": () => (after ? gone() : { status: 200, body: POLE_A }),
      "GET /api/images/a2": () => ({ status: 200, body: { image: after ? merged(A2) : A2 } }),
      "GET /api/poles/pole-r": () => ({
        status: 200,
        body: { pole: REGISTER, images: [merged(A1), merged(A2)] },
      }),
      "GET /api/poles/pole-r/history": () => ({ status: 200, body: { entries: [], nextCursor: null } }),
    });
    const { queryClient } = openMap("/map?region=13.4,52.5&pole=pole-a&photo=a2");
    const record = await screen.findByTestId("pole-record", {}, PANEL_WAIT);
    expect(within(record).getByRole("heading", { level: 2, name: "LIV-100205" })).toBeVisible();
    // Merged (here or by a teammate, told live): what the live event marks stale is read again.
    after = true;
    await act(() => queryClient.invalidateQueries());
    const now = await screen.findByRole("heading", { level: 2, name: "LIV-200" }, PANEL_WAIT);
    expect(within(screen.getByTestId("pole-record")).getByText("Photo 2 of 2")).toBeVisible();
    expect(now).toBeVisible();
  });

  it("closes with a word when the pole it shows is removed", async () => {
    let after = false;
    serve({
      "GET /api/poles/pole-bare": () => (after ? gone() : { status: 200, body: { pole: BARE, images: [] } }),
    });
    const { queryClient } = openMap("/map?region=13.4,52.5&pole=pole-bare");
    await screen.findByTestId("pole-record", {}, PANEL_WAIT);
    after = true;
    await act(() => queryClient.invalidateQueries());
    const panel = await screen.findByTestId("photo-panel-status", {}, PANEL_WAIT);
    expect(within(panel).getByText("Pole not found")).toBeVisible();
    expect(screen.queryByTestId("pole-record")).not.toBeInTheDocument();
  });
});
