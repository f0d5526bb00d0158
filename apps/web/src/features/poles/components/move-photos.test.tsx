/**
 * "Move several photos…": the member ticks photos by keyboard, names the pole, and the chosen
 * ones go in one request; while it works it says so, and a refusal is said with the choice kept.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PoleTimeline } from "@poleatlas/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { photo, poleMarkersOf, poleSummary } from "../../../test/records";
import { MovePhotos } from "./move-photos";
import { movePhotosTexts as texts } from "./move-photos-texts";

afterEach(() => vi.unstubAllGlobals());

const POLE = poleSummary({ id: "pole-1", latitude: 52.52, longitude: 13.4, photo_count: 3 });
const PHOTOS = ["a", "b", "c"].map((id, i) =>
  photo({
    id,
    name: `${id}.jpg`,
    pole_id: "pole-1",
    latitude: 52.52,
    longitude: 13.4,
    date: `2026-01-0${i + 1}`,
  }),
);
const RECORD = { pole: POLE, images: PHOTOS, findings: [] } as unknown as PoleTimeline;
// The pole they show, 22 m north of this one.
const REGION = poleMarkersOf([
  { id: "pole-1", latitude: 52.52, longitude: 13.4 },
  { id: "pole-2", latitude: 52.5202, longitude: 13.4, label: "Corner pole", count: 4 },
]);

function renderMove() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const ui = (record: PoleTimeline) => (
    <QueryClientProvider client={client}>
      <MovePhotos record={record} />
    </QueryClientProvider>
  );
  const view = render(ui(RECORD));
  return { rerender: (record: PoleTimeline) => view.rerender(ui(record)) };
}

async function chooseTarget() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("combobox", { name: "Move to another pole" }));
  await user.click(await screen.findByRole("option", { name: /^Corner pole/ }));
}

describe("moving several photos of a pole", () => {
  it("moves the photos ticked by keyboard to the pole chosen, in one request", async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    const server = fakeServer({
      "GET /api/poles": () => ({ status: 200, body: REGION }),
      "POST /api/images/move": () => new Promise((resolve) => (answer = resolve)),
    });
    renderMove();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: texts.open }));
    const form = await screen.findByRole("group", { name: texts.title });
    // Nothing chosen: the pole cannot be named yet.
    expect(within(form).getByRole("combobox", { name: "Move to another pole" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    within(form)
      .getByRole("checkbox", { name: /a\.jpg/ })
      .focus();
    await user.keyboard(" ");
    await user.tab();
    await user.keyboard(" ");
    expect(within(form).getByRole("checkbox", { name: /b\.jpg/ })).toBeChecked();
    expect(within(form).getByRole("status")).toHaveTextContent(texts.chosen(2));
    expect(within(form).getByRole("checkbox", { name: texts.all })).toHaveAttribute(
      "data-indeterminate",
      "true",
    );

    await chooseTarget();
    expect(await within(form).findByRole("status")).toHaveTextContent(texts.moving(2));
    expect(within(form).getByRole("progressbar")).toBeInTheDocument();
    expect(server.actions().filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: "/api/images/move", body: { image_ids: ["a", "b"], pole_id: "pole-2" } },
    ]);
    const moved = PHOTOS.slice(0, 2).map((p) => ({ ...p, pole_id: "pole-2", version: p.version + 1 }));
    answer({ status: 200, body: { pole_id: "pole-2", images: moved, moved: 2, removed_poles: [] } });
    await waitFor(() =>
      expect(within(form).getByRole("status")).toHaveTextContent(texts.moved(2, "Corner pole")),
    );
    expect(within(form).getByRole("checkbox", { name: /a\.jpg/ })).not.toBeChecked();
  });

  it("says why a move was refused and keeps the photos chosen", async () => {
    fakeServer({
      "GET /api/poles": () => ({ status: 200, body: REGION }),
      "POST /api/images/move": () => ({
        status: 404,
        body: { code: "not_found", message: "Pole not found" },
      }),
    });
    renderMove();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: texts.open }));
    await user.click(await screen.findByRole("checkbox", { name: texts.all }));
    expect(screen.getByRole("status")).toHaveTextContent(texts.chosen(3));
    await chooseTarget();
    expect(await screen.findByRole("alert")).toHaveTextContent("Pole not found");
    expect(screen.getByRole("checkbox", { name: texts.all })).toBeChecked();
  });

  it("says a failure of the server plainly", async () => {
    fakeServer({
      "GET /api/poles": () => ({ status: 200, body: REGION }),
      "POST /api/images/move": () => ({ status: 500, body: { code: "internal", message: "boom" } }),
    });
    renderMove();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: texts.open }));
    await user.click(await screen.findByRole("checkbox", { name: /c\.jpg/ }));
    await chooseTarget();
    expect(await screen.findByRole("alert")).toHaveTextContent(texts.failed);
  });

  it("keeps its word and the keyboard when every photo left the pole", async () => {
    fakeServer({
      "GET /api/poles": () => ({ status: 200, body: REGION }),
      "POST /api/images/move": () => ({
        status: 200,
        body: { pole_id: "pole-2", images: PHOTOS, moved: 3, removed_poles: [] },
      }),
    });
    const { rerender } = renderMove();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: texts.open }));
    // Opened: the keyboard is on the panel, not the page.
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    await user.click(await screen.findByRole("checkbox", { name: texts.all }));
    await chooseTarget();
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(texts.moved(3, "Corner pole")));
    // The record now holds no photo of this pole: the word on the move stays.
    rerender({ ...RECORD, images: [] });
    await user.click(screen.getByRole("button", { name: texts.done }));
    const word = screen.getByRole("status");
    expect(word).toHaveTextContent(texts.moved(3, "Corner pole"));
    expect(word).toHaveFocus();
    expect(screen.queryByRole("button", { name: texts.open })).toBeNull();
  });
});
