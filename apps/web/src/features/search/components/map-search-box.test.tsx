/**
 * The search box's Enter: the first hit of the text as typed is taken, unless the user typed on
 * before the answer came (a late answer must not move the map away from what the box says).
 */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { SUGGEST_PAUSE_MS } from "../hooks/use-map-search";
import { MapSearchBox } from "./map-search-box";

const hit = (label: string) => ({
  id: "0190b5c2-0000-7000-8000-000000000001",
  label,
  tag: null,
  region_id: "r1",
  longitude: 8.54,
  latitude: 47.37,
  photo_count: 1,
});

type Reply = { status: number; body: unknown };

/** Pole searches answer only when the test says so, in any order. */
function heldSearches() {
  const held = new Map<string, (reply: Reply) => void>();
  fakeServer({
    "GET /api/poles/search": (call) =>
      new Promise<Reply>((resolve) =>
        held.set(new URL(call.path, "http://x").searchParams.get("q")!, resolve),
      ),
  });
  const answer = (q: string, labels: string[]) =>
    held.get(q)!({ status: 200, body: { poles: labels.map(hit) } });
  return { held, answer };
}

afterEach(async () => {
  // A suggestion asked after the last keystroke leaves after its pause: it must reach the stand-in
  // server, not the network (a failed call would mark the server unreachable for the next file).
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, SUGGEST_PAUSE_MS + 50));
  vi.unstubAllGlobals();
});

describe("MapSearchBox: Enter", () => {
  it("takes the first hit of the text as typed", async () => {
    const { held, answer } = heldSearches();
    const onChoose = vi.fn();
    const user = userEvent.setup();
    render(<MapSearchBox regions={[]} poles={null} onChoose={onChoose} />);
    await user.type(screen.getByRole("combobox"), "P-17{Enter}");
    await waitFor(() => expect(held.has("P-17")).toBe(true));
    answer("P-17", ["P-17"]);
    await waitFor(() => expect(onChoose).toHaveBeenCalledTimes(1));
  });

  it("drops an Enter's answer that comes after the user typed on", async () => {
    const { held, answer } = heldSearches();
    const onChoose = vi.fn();
    const user = userEvent.setup();
    render(<MapSearchBox regions={[]} poles={null} onChoose={onChoose} />);
    const box = screen.getByRole("combobox");
    await user.type(box, "P-17{Enter}");
    await waitFor(() => expect(held.has("P-17")).toBe(true));
    await user.type(box, "5");
    answer("P-17", ["P-17"]);
    // The answer is in; give the box its turns to act on it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onChoose).not.toHaveBeenCalled();
    expect(box).toHaveValue("P-175");
  });
});
