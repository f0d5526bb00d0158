/**
 * 'Place with a GPS track': choose a track, set the offset (typed or from a sync photo), preview
 * the points on the globe, then apply from the bar over the map.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ImageRecord } from "@poleatlas/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { previewPoints } from "../../globe/preview-store";
import { imageRecord } from "../../test/image-record";
import { fakeServer } from "../../test/fake-server";
import { TrackPlacement } from "./track-placement";
import { trackPreview, TrackPreviewBar } from "./track-preview";

afterEach(() => {
  vi.unstubAllGlobals();
  trackPreview.clear();
});

const TRACK = {
  id: "6f1c2d4e-0000-4000-8000-000000000001",
  name: "Morning round",
  points: 1200,
  startsAt: "2024-05-01T08:00:00.000Z",
  endsAt: "2024-05-01T12:00:00.000Z",
};
const PLACED = { imageId: "a", latitude: 1, longitude: 2, time: "2024-05-01T09:00:00.000Z", poleId: null };

function matchServer() {
  return fakeServer({
    "GET /api/tracks": () => ({ status: 200, body: { tracks: [TRACK] } }),
    [`POST /api/tracks/${TRACK.id}/match`]: (call) => {
      const { dryRun } = call.body as { dryRun: boolean };
      const placed = [PLACED, { ...PLACED, imageId: "b", latitude: 1.001 }].map((p) => ({
        ...p,
        poleId: dryRun ? null : "pole",
      }));
      return {
        status: 200,
        body: { placed, skipped: dryRun ? [{ imageId: "c", reason: "gap" }] : [], dryRun },
      };
    },
  });
}

function renderPlacement(photos: ImageRecord[] = [], onPreview = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TrackPlacement photos={photos} onPreview={onPreview} />
      <TrackPreviewBar />
    </QueryClientProvider>,
  );
  return { section: screen.getByRole("region", { name: "Place with a GPS track" }), onPreview };
}

async function chooseTrack(section: HTMLElement) {
  await userEvent.click(within(section).getByRole("combobox", { name: "GPS track" }));
  await userEvent.click(await screen.findByRole("option", { name: "Morning round (1,200 points)" }));
}

describe("placing photos with a GPS track", () => {
  it("previews the points on the globe with the typed offset, then applies exactly those", async () => {
    const server = matchServer();
    const { section, onPreview } = renderPlacement();
    await chooseTrack(section);
    const offset = within(section).getByLabelText("Clock offset (seconds)");
    await userEvent.clear(offset);
    await userEvent.type(offset, "-125");
    expect(within(section).getByText("Offset: -2 min 05 s")).toBeInTheDocument();
    await userEvent.click(within(section).getByRole("button", { name: "Preview" }));

    const bar = await screen.findByRole("status", { name: "Place with a GPS track" });
    expect(bar).toHaveTextContent("2 photos would be placed at the points shown; 1 skipped.");
    expect(onPreview).toHaveBeenCalledTimes(1);
    // The globe reads these until Apply or Cancel.
    expect(previewPoints.get().map((p) => [p.imageId, p.latitude, p.longitude])).toEqual([
      ["a", 1, 2],
      ["b", 1.001, 2],
    ]);
    const matches = () => server.calls.filter((c) => c.method === "POST");
    expect(matches().map((c) => c.body)).toEqual([{ offsetSeconds: -125, dryRun: true }]);

    await userEvent.click(within(bar).getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("2 photos placed.")).toBeInTheDocument();
    expect(matches().map((c) => c.body)).toEqual([
      { offsetSeconds: -125, dryRun: true },
      { offsetSeconds: -125, dryRun: false, imageIds: ["a", "b"] },
    ]);
    expect(previewPoints.get()).toEqual([]);
    // A select, typing and three answers took ~9 s in jsdom on the shared machine.
  }, 60_000);

  it("takes the offset from a sync photo: the time it shows minus the camera's", async () => {
    const server = matchServer();
    // The camera wrote 08:14:30 on 1 May 2024; the phone in the photo shows 09:16:35.
    const clock = { ...imageRecord("phone-clock.jpg"), latitude: null, longitude: null };
    clock.local_time = "2024-05-01T08:14:30";
    const { section } = renderPlacement([clock]);
    await chooseTrack(section);
    await userEvent.click(within(section).getByRole("button", { name: "Use a sync photo" }));
    const sync = within(section).getByRole("region", { name: "Use a sync photo" });
    await userEvent.click(within(sync).getByRole("button", { name: "Sync photo: phone-clock.jpg" }));
    expect(within(sync).getByText("Camera time: 2024-05-01 08:14:30")).toBeInTheDocument();
    expect(within(sync).getByLabelText("Date it shows")).toHaveValue("2024-05-01");
    await userEvent.type(within(sync).getByLabelText("Time it shows (HH:MM:SS)"), "09:16:35");
    expect(within(sync).getByText("+1 h 02 min 05 s")).toBeInTheDocument();
    await userEvent.click(within(sync).getByRole("button", { name: "Use this offset" }));

    expect(within(section).getByLabelText("Clock offset (seconds)")).toHaveValue("3725");
    expect(within(section).getByText("Offset: +1 h 02 min 05 s")).toBeInTheDocument();
    await userEvent.click(within(section).getByRole("button", { name: "Preview" }));
    await screen.findByRole("status", { name: "Place with a GPS track" });
    expect(server.calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { offsetSeconds: 3725, dryRun: true },
    ]);
  }, 60_000);

  it("cancels the preview: the points leave the globe and nothing is placed", async () => {
    const server = matchServer();
    const { section } = renderPlacement();
    await chooseTrack(section);
    await userEvent.click(within(section).getByRole("button", { name: "Preview" }));
    const bar = await screen.findByRole("status", { name: "Place with a GPS track" });
    expect(previewPoints.get()).toHaveLength(2);
    await userEvent.click(within(bar).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("status", { name: "Place with a GPS track" })).toBeNull();
    expect(previewPoints.get()).toEqual([]);
    expect(server.calls.filter((c) => c.method === "POST")).toHaveLength(1);
  }, 60_000);
});
