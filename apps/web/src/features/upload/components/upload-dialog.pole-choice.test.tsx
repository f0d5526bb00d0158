/**
 * A photo the pole rule could not place: the upload's answer names the register poles it may
 * show, and the dialog asks "Which pole is this?" before it closes: the candidates on a small
 * plan and as radio buttons, 'Not in the register' last; the choice is sent as PATCH pole_id.
 */
import type { PoleCandidate } from "@poleatlas/shared";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetReachability } from "../../../lib/offline/connectivity";
import { fakeServer } from "../../../test/fake-server";
import { imageRecord } from "../../../test/image-record";
import { installFakeTus, type FakeTusServer } from "../test/fake-tus";
import { completeJpegs, renderDialog } from "../test/render-dialog";

let tus: FakeTusServer;
beforeEach(() => {
  tus = installFakeTus();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetReachability();
});

const candidate = (
  pole_id: string,
  tag: string | null,
  distance_m: number,
  bearing_deg: number,
): PoleCandidate => ({
  pole_id,
  tag,
  label: "",
  distance_m,
  bearing_deg,
  latitude: 40,
  longitude: -105,
});

async function uploadWaiting(candidates: PoleCandidate[]) {
  const photo = { ...imageRecord("street.jpg"), pole_id: null, latitude: 40, longitude: -105, version: 3 };
  const server = fakeServer({
    [`PATCH /api/images/${photo.id}`]: (call) => ({
      status: 200,
      body: {
        image: {
          ...photo,
          pole_id:
            (call.body as { pole_id: string }).pole_id === "new"
              ? "made"
              : (call.body as { pole_id: string }).pole_id,
          version: 4,
        },
      },
    }),
  });
  const view = renderDialog();
  await view.addFiles(await completeJpegs(["street.jpg"]));
  await view.waitForCards(["street.jpg"]);
  await view.user.click(screen.getByRole("button", { name: "Upload Images" }));
  await waitFor(() => expect(tus.open()).toEqual(["street.jpg"]));
  tus.answer("street.jpg", 200, { image: photo, pole_candidates: candidates });
  const question = await screen.findByRole("region", { name: "Which pole is this?" });
  return { view, server, photo, question };
}

describe("UploadDialog: a photo waiting for its pole", () => {
  it("asks which pole, lists the candidates and sends the choice; the dialog stays until then", async () => {
    const { view, server, photo, question } = await uploadWaiting([
      candidate("pole-w", "SP-7", 14.6, 270),
      candidate("pole-e", "SP-8", 15.4, 90),
    ]);
    const options = within(question).getAllByRole("radio");
    expect(options.map((o) => o.closest("label")?.textContent)).toEqual([
      "SP-7 · 15 m W",
      "SP-8 · 15 m E",
      "Not in the registerMake a pole of its own where the photo was taken",
    ]);
    expect(within(question).getByRole("img", { name: /register poles near it/ })).toBeInTheDocument();
    // Nearest first is chosen to begin with; the keyboard moves the choice.
    expect(options[0]).toBeChecked();
    options[0]!.focus();
    await view.user.keyboard("{ArrowDown}");
    expect(options[1]).toBeChecked();
    expect(view.onClose).not.toHaveBeenCalled();

    await view.user.click(within(question).getByRole("button", { name: "Place photo" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Which pole is this?" })).toBeNull());
    const patch = server.actions().find((c) => c.method === "PATCH");
    expect(patch).toEqual({ method: "PATCH", path: `/api/images/${photo.id}`, body: { pole_id: "pole-e" } });
    expect(view.onUploaded).toHaveBeenLastCalledWith([
      expect.objectContaining({ id: photo.id, pole_id: "pole-e" }),
    ]);
  });

  it("makes a pole of its own only when 'Not in the register' is chosen", async () => {
    const { view, server, question } = await uploadWaiting([candidate("pole-n", null, 31, 10)]);
    expect(within(question).getAllByRole("radio")[0]!.closest("label")?.textContent).toBe(
      "Untagged pole · 31 m N",
    );
    await view.user.click(within(question).getByRole("radio", { name: /Not in the register/ }));
    await view.user.click(within(question).getByRole("button", { name: "Place photo" }));
    await waitFor(() => expect(server.actions().some((c) => c.method === "PATCH")).toBe(true));
    expect(server.actions().find((c) => c.method === "PATCH")?.body).toEqual({ pole_id: "new" });
  });
});
