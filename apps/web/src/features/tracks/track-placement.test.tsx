/** 'Place with a GPS track': choose a track, set the offset, preview the count, then apply. */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../test/fake-server";
import { TrackPlacement } from "./track-placement";

afterEach(() => {
  vi.unstubAllGlobals();
});

const TRACK = {
  id: "6f1c2d4e-0000-4000-8000-000000000001",
  name: "Morning round",
  points: 1200,
  startsAt: "2024-05-01T08:00:00.000Z",
  endsAt: "2024-05-01T12:00:00.000Z",
};
const PLACED = { imageId: "a", latitude: 1, longitude: 2, time: "2024-05-01T09:00:00.000Z", poleId: null };

describe("placing photos with a GPS track", () => {
  it("previews with the typed offset, then applies it", async () => {
    const server = fakeServer({
      "GET /api/tracks": () => ({ status: 200, body: { tracks: [TRACK] } }),
      [`POST /api/tracks/${TRACK.id}/match`]: (call) => {
        const { dryRun } = call.body as { dryRun: boolean };
        const placed = [PLACED, { ...PLACED, imageId: "b" }].map((p) => ({
          ...p,
          poleId: dryRun ? null : "pole",
        }));
        return { status: 200, body: { placed, skipped: [{ imageId: "c", reason: "gap" }], dryRun } };
      },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TrackPlacement />
      </QueryClientProvider>,
    );
    const section = screen.getByRole("region", { name: "Place with a GPS track" });
    const apply = within(section).getByRole("button", { name: "Apply" });
    expect(apply).toBeDisabled();

    await userEvent.click(within(section).getByRole("combobox", { name: "GPS track" }));
    await userEvent.click(await screen.findByRole("option", { name: "Morning round (1,200 points)" }));
    const offset = within(section).getByLabelText("Clock offset (seconds)");
    await userEvent.clear(offset);
    await userEvent.type(offset, "-125");
    await userEvent.click(within(section).getByRole("button", { name: "Preview" }));
    expect(
      await within(section).findByText(
        "2 photos would be placed; 1 skipped (a gap in the track, or off it).",
      ),
    ).toBeInTheDocument();
    const matches = () => server.calls.filter((c) => c.method === "POST");
    expect(matches().map((c) => c.body)).toEqual([{ offsetSeconds: -125, dryRun: true }]);

    await userEvent.click(apply);
    expect(await within(section).findByText("2 photos placed.")).toBeInTheDocument();
    expect(matches().map((c) => c.body)).toEqual([
      { offsetSeconds: -125, dryRun: true },
      { offsetSeconds: -125, dryRun: false },
    ]);
    // A select, typing and three answers took ~9 s in jsdom on the shared machine.
  }, 60_000);
});
