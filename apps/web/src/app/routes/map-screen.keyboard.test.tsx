/**
 * The map screen by keyboard, against a stand-in server: the skip link is the first Tab stop and
 * takes the focus to the region's pole list, whose Enter opens the pole as a click on its marker;
 * a pole searched by its tag opens as its record, not only its region: the search box is a
 * combobox whose arrow keys a screen reader follows, and the focus never falls to the page, not
 * even when a record opened by a click on the globe (which takes no focus) closes.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../test/render-auth";
import { photo, poleMarkersOf, poleSummary, region } from "../../test/records";
import { fakeServer } from "../../test/fake-server";
import MapScreen from "./map-screen";

vi.mock("../../globe", async () => ({ GlobeView: (await import("../../test/globe-stub")).GlobeStub }));

const BERLIN = region({ id: "13.4,52.5", count: 2 });
const B1 = photo({ id: "b1", name: "b.jpg", pole_id: "pole-b", latitude: 52.53, longitude: 13.41 });

function serve() {
  return fakeServer({
    "GET /api/auth/get-session": () => ({ status: 200, body: { user: { id: "u1", email: "a@b.test" } } }),
    "GET /api/regions": () => ({ status: 200, body: { regions: [BERLIN] } }),
    "GET /api/storage/usage": () => ({ status: 200, body: { usedBytes: 0, quotaBytes: 52428800 } }),
    "GET /api/poles": () => ({
      status: 200,
      body: poleMarkersOf([
        { id: "pole-a", tag: "LIV-20", count: 3 },
        { id: "pole-b", tag: "LIV-3", latitude: 52.53, longitude: 13.41 },
      ]),
    }),
    "GET /api/poles/search": (call) => ({
      status: 200,
      body: {
        poles: !/q=liv/i.test(call.path)
          ? []
          : [
              {
                id: "pole-b",
                tag: "LIV-3",
                label: "",
                latitude: 52.53,
                longitude: 13.41,
                region_id: BERLIN.id,
                photo_count: 1,
              },
            ],
      },
    }),
    "GET /api/poles/pole-b": () => ({
      status: 200,
      body: {
        pole: poleSummary({ id: "pole-b", tag: "LIV-3", latitude: 52.53, longitude: 13.41 }),
        images: [B1],
      },
    }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("MapScreen by keyboard", () => {
  it("skips to the region's pole list, where Enter opens the pole", async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderAt("/map?region=13.4,52.5", [{ path: "/map", element: <MapScreen /> }]);
    const list = await screen.findByRole("list", { name: /Poles in this region/ });
    const first = await within(list).findByRole("button", { name: /LIV-3/ });
    await user.tab();
    expect(screen.getByRole("link", { name: "Skip to map content" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(first).toHaveFocus();
    // Tag order with digits as numbers: LIV-3 before LIV-20.
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((o) => o.textContent),
    ).toEqual(["LIV-3Not rated", "LIV-20Not rated"]);
    await user.keyboard("{Enter}");
    const record = await screen.findByTestId("pole-record", {}, { timeout: 25_000 });
    const heading = within(record).getByRole("heading", { level: 2, name: "LIV-3" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(record).getByText("This photo: b.jpg")).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toMatch(/pole=pole-b/));
  }, 40_000);

  it("opens the pole a search by its tag finds, from the overview, by keyboard alone", async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderAt("/map", [{ path: "/map", element: <MapScreen /> }]);
    const box = await screen.findByRole("combobox", { name: "Search poles by tag or label, or places" });
    // Reached with Tab, as a keyboard user would.
    for (let i = 0; i < 40 && document.activeElement !== box; i++) await user.tab();
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute("aria-expanded", "false");
    await user.keyboard("liv-3");
    const listbox = await screen.findByRole("listbox", {}, { timeout: 5_000 });
    expect(box).toHaveAttribute("aria-expanded", "true");
    expect(box).toHaveAttribute("aria-controls", listbox.id);
    const option = within(listbox).getByRole("option", { name: "LIV-3 · pole in Region 1" });
    // The highlight is the screen reader's too: the box points at the option it marks.
    await user.keyboard("{ArrowDown}");
    expect(box).toHaveAttribute("aria-activedescendant", option.id);
    await user.keyboard("{Enter}");
    const record = await screen.findByTestId("pole-record", {}, { timeout: 25_000 });
    const heading = within(record).getByRole("heading", { level: 2, name: "LIV-3" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(record).getByText("This photo: b.jpg")).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toMatch(/pole=pole-b/));
    // Closed, the record hands the keyboard back to the box that opened it.
    await user.click(within(record).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByTestId("pole-record")).toBeNull());
    expect(box).toHaveFocus();
  }, 40_000);

  it("gives the keyboard to the pole's row in the list when a record opened from the globe closes", async () => {
    serve();
    const user = userEvent.setup();
    renderAt("/map?region=13.4,52.5", [{ path: "/map", element: <MapScreen /> }]);
    const list = await screen.findByRole("list", { name: /Poles in this region/ });
    const row = await within(list).findByRole("button", { name: /LIV-3/ });
    // A click on the globe's canvas, which takes no focus: the keyboard is on nothing.
    fireEvent.click(await screen.findByRole("button", { name: "pole pole-b" }));
    expect(document.activeElement).toBe(document.body);
    const record = await screen.findByTestId("pole-record", {}, { timeout: 25_000 });
    await waitFor(() =>
      expect(within(record).getByRole("heading", { level: 2, name: "LIV-3" })).toHaveFocus(),
    );
    await user.click(within(record).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByTestId("pole-record")).toBeNull());
    await waitFor(() => expect(row).toHaveFocus());
  }, 40_000);

  it("says under the box that nothing was found, and Enter on a region moves on to its poles", async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderAt("/map", [{ path: "/map", element: <MapScreen /> }]);
    const box = await screen.findByRole("combobox", { name: "Search poles by tag or label, or places" });
    await user.click(box);
    await user.keyboard("zzz{Enter}");
    await waitFor(() => expect(box).toHaveAccessibleDescription("Nothing found for “zzz”"));
    await user.clear(box);
    await user.keyboard("Region 1{Enter}");
    await waitFor(() => expect(router.state.location.search).toMatch(/region=13\.4/));
    const list = await screen.findByRole("list", { name: /Poles in this region/ });
    const first = await within(list).findByRole("button", { name: /LIV-3/ });
    await waitFor(() => expect(first).toHaveFocus());
  }, 40_000);
});
