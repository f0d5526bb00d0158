/** The panel with the real delete mutation; only the network (fetch) is stood in for. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { imageKeys } from "../api/get-images";
import { selectionInTimeline } from "../lib/selection";
import { photo } from "../../../test/records";
import { SelectedPhotoPanel } from "./selected-photo-panel";

const spot = { latitude: 1.5, longitude: 2.5 };
const photos = [
  photo({ id: "p1", date: "2023-01-01", ...spot }),
  photo({ id: "p2", date: "2024-01-01", ...spot }),
  photo({ id: "p3", date: "2025-01-01", ...spot }),
];

function setup(answer: () => Response | Promise<Response>) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? "GET" });
      return init?.method === "DELETE" ? answer() : Promise.resolve(Response.json({ images: photos }));
    }),
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(imageKeys.one("p1"), photos[0]);
  const onSelect = vi.fn();
  const onDeleted = vi.fn();
  /** The panel showing `photoId`, as the map screen renders it after a change of selection. */
  const panel = (photoId: string) => (
    <QueryClientProvider client={client}>
      <SelectedPhotoPanel
        selection={selectionInTimeline(photos, photoId)!}
        onSelect={onSelect}
        onDeleted={onDeleted}
      />
    </QueryClientProvider>
  );
  const { rerender, unmount } = render(panel("p1"));
  return { calls, client, onSelect, onDeleted, unmount, show: (photoId: string) => rerender(panel(photoId)) };
}

type Setup = ReturnType<typeof setup>;

async function confirmDelete() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Delete image" }));
  await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SelectedPhotoPanel", () => {
  it("deletes the photo, drops its cached record and follows the timeline", async () => {
    const { calls, client, onSelect, onDeleted } = setup(() => new Response(null, { status: 204 }));
    await confirmDelete();
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith("p2"));
    expect(onDeleted).toHaveBeenCalledWith("p1");
    expect(calls).toContainEqual({ url: "/api/images/p1", method: "DELETE" });
    expect(client.getQueryData(imageKeys.one("p1"))).toBeUndefined();
  });

  it("deletes the photo the confirm asked about, even if the panel moved on while it was open", async () => {
    const { calls, show } = setup(() => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Delete image" }));
    const dialog = screen.getByRole("dialog");
    show("p2");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1));
    expect(calls).toContainEqual({ url: "/api/images/p1", method: "DELETE" });
  });

  it.each([
    ["another photo was selected", (s: Setup) => s.show("p3")],
    ["the panel was closed", (s: Setup) => s.unmount()],
  ])("leaves the selection alone when %s before a slow deletion ended", async (_kind, moveOn) => {
    let answer: (r: Response) => void = () => {};
    const s = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    await confirmDelete();
    moveOn(s);
    answer(new Response(null, { status: 204 }));
    await waitFor(() => expect(s.onDeleted).toHaveBeenCalledWith("p1"));
    expect(s.onSelect).not.toHaveBeenCalled();
  });

  it("shows the spec's message when the deletion fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { onSelect, onDeleted } = setup(() =>
      Response.json({ code: "internal", message: "boom" }, { status: 500 }),
    );
    await confirmDelete();
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to delete image. Please try again.");
    expect(onSelect).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Delete image" })).toBeEnabled();
  });
});
