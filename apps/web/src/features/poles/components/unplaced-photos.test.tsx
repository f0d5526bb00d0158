/** Unplaced photos: counted in the sidebar, placed by typed coordinates, bad ones refused first. */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages, poleTexts } from "@poleatlas/shared";
import { fakeServer } from "../../../test/fake-server";
import { photo } from "../../../test/records";
import { poleChoiceTexts } from "./pole-choice-texts";
import { UnplacedNavItem, UnplacedPhotosDialog } from "./unplaced-photos";

afterEach(() => {
  vi.unstubAllGlobals();
});

const LOST = photo({ id: "lost", latitude: null, longitude: null, name: "lost.jpg" });
/** A photo with a place but no pole: the pole rule could not say which register pole it shows. */
const WAITING = photo({ id: "waiting", latitude: 40, longitude: -105, pole_id: null, name: "street.jpg" });

function renderBoth(onPlaced = vi.fn(), onPlaceOnMap = vi.fn(), readOnly = false) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <UnplacedNavItem onOpen={() => {}} />
      <UnplacedPhotosDialog
        open
        onClose={() => {}}
        onPlaced={onPlaced}
        onPlaceOnMap={onPlaceOnMap}
        readOnly={readOnly}
      />
    </QueryClientProvider>,
  );
  return onPlaced;
}

describe("unplaced photos", () => {
  it("shows a viewer the photos without offering to place them (the server would refuse)", async () => {
    fakeServer({ "GET /api/images": () => ({ status: 200, body: { images: [LOST], nextCursor: null } }) });
    renderBoth(vi.fn(), vi.fn(), true);
    expect(await screen.findByText("lost.jpg")).toBeInTheDocument();
    expect(screen.getByText(/As a viewer you can see them/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Place photo" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Place on map" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Latitude")).not.toBeInTheDocument();
  });

  it("counts them, refuses coordinates off the globe without asking, and places one", async () => {
    const server = fakeServer({
      "GET /api/images": () => ({ status: 200, body: { images: [LOST], nextCursor: null } }),
      "PATCH /api/images/lost": (call) => ({
        status: 200,
        body: { image: { ...LOST, ...(call.body as object), pole_id: "pole-1" } },
      }),
    });
    const onPlaced = renderBoth();
    // Behind the open dialog, so outside the accessibility tree for now.
    const entry = await screen.findByRole("button", { name: /Unplaced photos/, hidden: true });
    expect(entry).toHaveTextContent("1");
    const form = screen.getByRole("form", { name: "Place photo: lost.jpg" });
    await userEvent.type(within(form).getByLabelText("Latitude"), "95");
    await userEvent.type(within(form).getByLabelText("Longitude"), "10");
    await userEvent.click(within(form).getByRole("button", { name: "Place photo" }));
    expect(within(form).getByText("Latitude must be a number between -90 and 90")).toBeInTheDocument();
    expect(server.actions().filter((c) => c.method === "PATCH")).toEqual([]);

    await userEvent.clear(within(form).getByLabelText("Latitude"));
    await userEvent.type(within(form).getByLabelText("Latitude"), "47,3769");
    await userEvent.click(within(form).getByRole("button", { name: "Place photo" }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(server.actions().find((c) => c.method === "PATCH")?.body).toEqual({
      latitude: 47.3769,
      longitude: 10,
    });
  });

  it("'Place on map' hands the photo to the map without sending anything", async () => {
    const server = fakeServer({
      "GET /api/images": () => ({ status: 200, body: { images: [LOST], nextCursor: null } }),
    });
    const onPlaceOnMap = vi.fn();
    renderBoth(vi.fn(), onPlaceOnMap);
    const form = await screen.findByRole("form", { name: "Place photo: lost.jpg" });
    await userEvent.click(within(form).getByRole("button", { name: "Place on map" }));
    expect(onPlaceOnMap).toHaveBeenCalledWith(LOST);
    expect(server.actions().filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("asks which register pole a photo waiting for its pole shows, and places it there", async () => {
    const waiting = WAITING;
    const candidates = [
      {
        pole_id: "p-1",
        tag: "SP-1",
        label: "",
        distance_m: 12.2,
        bearing_deg: 181,
        latitude: 40,
        longitude: -105,
      },
    ];
    const server = fakeServer({
      "GET /api/images": () => ({ status: 200, body: { images: [waiting], nextCursor: null } }),
      "GET /api/images/waiting": () => ({
        status: 200,
        body: { image: waiting, pole_candidates: candidates },
      }),
      "PATCH /api/images/waiting": () => ({ status: 200, body: { image: { ...waiting, pole_id: "p-1" } } }),
    });
    const onPlaced = renderBoth();
    const question = await screen.findByRole("region", { name: "Which pole is this?" });
    // No coordinates to type: it has its place.
    expect(screen.queryByLabelText("Latitude")).not.toBeInTheDocument();
    expect(within(question).getByRole("radio", { name: "SP-1 · 12 m S" })).toBeChecked();
    await userEvent.click(within(question).getByRole("button", { name: "Place photo" }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ pole_id: "p-1" })));
    expect(server.actions().find((c) => c.method === "PATCH")).toMatchObject({ body: { pole_id: "p-1" } });
  });

  it("retries a choice refused as stale with the photo's version as it is now", async () => {
    const waiting = { ...WAITING, version: 1 };
    let tries = 0;
    const server = fakeServer({
      "GET /api/images": () => ({ status: 200, body: { images: [waiting], nextCursor: null } }),
      "GET /api/images/waiting": () => ({ status: 200, body: { image: waiting, pole_candidates: [] } }),
      "PATCH /api/images/waiting": () =>
        ++tries === 1
          ? {
              status: 412,
              body: {
                code: "edit_conflict",
                message: messages.editConflict,
                image: { ...waiting, version: 2 },
              },
            }
          : { status: 200, body: { image: { ...waiting, pole_id: "p-new", version: 3 } } },
    });
    const onPlaced = renderBoth();
    const question = await screen.findByRole("region", { name: "Which pole is this?" });
    await userEvent.click(within(question).getByRole("button", { name: "Place photo" }));
    expect(await within(question).findByText(messages.editConflict)).toBeInTheDocument();
    await userEvent.click(within(question).getByRole("button", { name: "Place photo" }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ pole_id: "p-new" })));
    const patches = server.actions().filter((c) => c.method === "PATCH");
    expect(patches.map((c) => c.headers?.get("if-match"))).toEqual(['"1"', '"2"']);
  });

  it("says the poles near a waiting photo did not load (not that a save failed), and asks again", async () => {
    const waiting = WAITING;
    let loads = 0;
    fakeServer({
      "GET /api/images": () => ({ status: 200, body: { images: [waiting], nextCursor: null } }),
      "GET /api/images/waiting": () =>
        ++loads === 1
          ? { status: 500, body: { code: "internal", message: "Internal Server Error" } }
          : { status: 200, body: { image: waiting, pole_candidates: [] } },
    });
    renderBoth();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(`street.jpg: ${poleChoiceTexts.candidatesFailed}`);
    expect(screen.queryByText(poleTexts.saveFailed)).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole("button", { name: poleChoiceTexts.retry }));
    expect(await screen.findByRole("region", { name: "Which pole is this?" })).toBeInTheDocument();
  });

  it("says the list did not load when it did not", async () => {
    fakeServer({ "GET /api/images": () => ({ status: 500, body: { code: "internal", message: "x" } }) });
    renderBoth();
    expect(await screen.findByRole("alert")).toHaveTextContent(poleTexts.unplacedLoadFailed);
  });
});
