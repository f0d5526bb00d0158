/**
 * After a batch in which photos had no GPS position, the upload dialog stays and offers 'Place
 * with a GPS track' for exactly those photos.
 */
import type { ImageRecord } from "@poleatlas/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { trackPreview } from "../../tracks";
import { UploadDialog } from "../index";
import { installFakeTus, type FakeTusServer } from "../test/fake-tus";
import { imageRecord } from "../../../test/image-record";
import { photoFiles } from "../test/render-dialog";

let tus: FakeTusServer;
beforeEach(() => {
  tus = installFakeTus();
});
afterEach(() => {
  vi.unstubAllGlobals();
  trackPreview.clear();
});

const TRACK = {
  id: "6f1c2d4e-0000-4000-8000-000000000002",
  name: "Afternoon round",
  points: 40,
  startsAt: "2024-06-02T06:00:00.000Z",
  endsAt: "2024-06-02T07:00:00.000Z",
};

describe("UploadDialog: photos without GPS", () => {
  it("offers 'Place with a GPS track' for the batch's photos without a place", async () => {
    const server = fakeServer({
      "GET /api/tracks": () => ({ status: 200, body: { tracks: [TRACK] } }),
      [`POST /api/tracks/${TRACK.id}/match`]: (call) => {
        const { imageIds } = call.body as { imageIds: string[] };
        const placed = imageIds.map((imageId) => ({
          imageId,
          latitude: 52.5,
          longitude: 13.4,
          time: "2024-06-02T06:00:00.000Z",
          poleId: null,
        }));
        return { status: 200, body: { placed, skipped: [], dryRun: true } };
      },
    });
    const files = await photoFiles();
    const onClose = vi.fn<() => void>();
    const onUploaded = vi.fn<(images: ImageRecord[]) => void>();
    const user = userEvent.setup({ applyAccept: false });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UploadDialog open onClose={onClose} onUploaded={onUploaded} usedBytes={0} />
      </QueryClientProvider>,
    );
    await user.upload(screen.getByLabelText("Image files"), [files.complete, files.noGps]);
    await waitFor(() => {
      for (const name of ["pole-complete.jpg", "pole-no-gps.jpg"]) screen.getByRole("listitem", { name });
    });
    await user.click(screen.getByRole("button", { name: "Upload Images" }));
    const warning = await screen.findByRole("dialog", { name: "Important: Missing Metadata" });
    await user.click(within(warning).getByRole("checkbox"));
    await user.click(within(warning).getByRole("button", { name: "Proceed with Upload" }));
    await waitFor(() => expect(tus.started()).toHaveLength(2));
    const unplaced = { ...imageRecord("pole-no-gps.jpg"), latitude: null, longitude: null, pole_id: null };
    tus.answer("pole-complete.jpg", 200, { image: imageRecord("pole-complete.jpg") });
    tus.answer("pole-no-gps.jpg", 200, { image: unplaced });

    const offer = await screen.findByText("1 photo has no GPS position: it is in Unplaced photos.");
    expect(onUploaded).toHaveBeenCalledTimes(1);
    // The dialog stays for the offer (every file made it, which closed it before).
    expect(onClose).not.toHaveBeenCalled();
    // findByRole: the warning dialog may still be leaving, hiding the dialog under it meanwhile.
    await user.click(
      await within(offer.closest("[role=alert]") as HTMLElement).findByRole("button", {
        name: "Place with a GPS track",
      }),
    );
    const section = screen.getByRole("region", { name: "Place with a GPS track" });
    await user.click(within(section).getByRole("combobox", { name: "GPS track" }));
    await user.click(await screen.findByRole("option", { name: "Afternoon round (40 points)" }));
    await user.click(within(section).getByRole("button", { name: "Preview" }));

    // The preview is for that photo only, and the dialog makes way for the globe.
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { offsetSeconds: 0, dryRun: true, imageIds: [unplaced.id] },
    ]);
    expect(trackPreview.get()?.result.placed.map((p) => p.imageId)).toEqual([unplaced.id]);
  }, 60_000);
});
