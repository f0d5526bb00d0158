/**
 * The upload dialog recording an inspection visit for the poles in its photos: one per pole and
 * photo day once the photos are stored, duplicates counted, photos without a pole or a date told
 * apart, and a failure retried without losing the uploads.
 */
import { DEFAULT_INSPECTION_SETTINGS, type ImageRecord, type VisitCreate } from "@poleatlas/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, type Call } from "../../../test/fake-server";
import { photo } from "../../../test/records";
import { useInspectionSettings, useRecordVisits } from "../../inspections";
import { UploadDialog, type UploadDialogProps } from "../index";
import { installFakeTus, type FakeTusServer } from "../test/fake-tus";
import { completeJpegs } from "../test/render-dialog";

let tus: FakeTusServer;
beforeEach(() => {
  tus = installFakeTus();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OPTION = "Record a Patrol visit for the poles in these photos";
const settings = () => ({ status: 200, body: DEFAULT_INSPECTION_SETTINGS });
/** The server's answer: the visit as the pole's record lists it. */
const created = (call: Call) => {
  const body = call.body as VisitCreate;
  const inspection = {
    ...body,
    id: `visit-${call.path}-${body.inspected_on}`,
    pole_id: call.path.split("/")[3],
    pole_tag: "P-1",
    type_name: "Patrol",
    inspector: null,
    notes: null,
    finding_ids: [],
    image_ids: body.image_ids ?? [],
    source: "app",
    created_by: "u1",
    created_at: "2024-05-03T10:00:00.000000Z",
  };
  return { status: 201, body: { inspection } };
};

/** As the map screen gives it: the workspace's types and the inspections' own recording. */
function MemberDialog(props: Omit<UploadDialogProps, "visits">) {
  const types = useInspectionSettings().data?.inspectionTypes;
  const record = useRecordVisits();
  return <UploadDialog {...props} visits={types && { types, record }} />;
}

function renderDialog(member = true) {
  const onClose = vi.fn<() => void>();
  const onUploaded = vi.fn<(images: ImageRecord[]) => void>();
  const user = userEvent.setup({ applyAccept: false });
  const props = { open: true, onClose, onUploaded, usedBytes: 0 };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {member ? <MemberDialog {...props} /> : <UploadDialog {...props} />}
    </QueryClientProvider>,
  );
  return { user, onClose, onUploaded };
}

/** Ticks the option, says the visits found no defects, and uploads photos stored as `stored`. */
async function uploadWithVisits(
  user: ReturnType<typeof userEvent.setup>,
  stored: Record<string, { image: ImageRecord; duplicate?: boolean }>,
) {
  const names = Object.keys(stored);
  for (const [name, answer] of Object.entries(stored)) tus.answer(name, 200, answer);
  await user.upload(screen.getByLabelText("Image files"), await completeJpegs(names));
  await waitFor(() => {
    for (const name of names) screen.getByRole("listitem", { name });
  });
  const option = await screen.findByRole("checkbox", { name: OPTION });
  expect(option).not.toBeChecked();
  await user.click(option);
  await user.click(screen.getByRole("combobox", { name: "What the visits found" }));
  await user.click(await screen.findByRole("option", { name: "No defects found" }));
  await user.click(screen.getByRole("button", { name: "Upload Images" }));
}

const visitPosts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "POST" && c.path.endsWith("/inspections"));

describe("UploadDialog: recording visits", () => {
  it("records one visit per pole and photo day, duplicates included, and counts the rest", async () => {
    const server = fakeServer({
      "GET /api/workspace/settings": settings,
      "POST /api/poles/p1/inspections": created,
      "POST /api/poles/p2/inspections": created,
    });
    const { user, onClose, onUploaded } = renderDialog();
    await uploadWithVisits(user, {
      "a.jpg": { image: photo({ id: "a", pole_id: "p1", date: "2024-05-01" }) },
      "b.jpg": { image: photo({ id: "b", pole_id: "p1", date: "2024-05-01" }) },
      "c.jpg": { image: photo({ id: "c", pole_id: "p1", date: "2024-05-02" }) },
      // Stored before: still a photo of its pole on its day.
      "d.jpg": { image: photo({ id: "d", pole_id: "p2", date: "2024-05-01" }), duplicate: true },
      "e.jpg": { image: photo({ id: "e", pole_id: "p2", date: null }) },
    });

    await screen.findByText("3 visits recorded; 1 photo has no date or position");
    const visit = { type: "patrol", result: "no-defects" };
    expect(visitPosts(server.calls).map((c) => [c.path, c.body])).toEqual([
      ["/api/poles/p1/inspections", { ...visit, inspected_on: "2024-05-01", image_ids: ["a", "b"] }],
      ["/api/poles/p1/inspections", { ...visit, inspected_on: "2024-05-02", image_ids: ["c"] }],
      ["/api/poles/p2/inspections", { ...visit, inspected_on: "2024-05-01", image_ids: ["d"] }],
    ]);
    expect(onUploaded).toHaveBeenCalledTimes(1);
    // The dialog stays to say so.
    expect(onClose).not.toHaveBeenCalled();
  }, 60_000);

  it("shows a failed visit with a Retry that records only what is left, the photos stored", async () => {
    let refuse = true;
    const server = fakeServer({
      "GET /api/workspace/settings": settings,
      "POST /api/poles/p1/inspections": created,
      "POST /api/poles/p2/inspections": (call) =>
        refuse ? { status: 503, body: { code: "unavailable", message: "Try later" } } : created(call),
    });
    const { user, onUploaded } = renderDialog();
    await uploadWithVisits(user, {
      "a.jpg": { image: photo({ id: "a", pole_id: "p1" }) },
      "b.jpg": { image: photo({ id: "b", pole_id: "p2" }) },
    });

    await screen.findByText("1 visit could not be recorded. The photos are stored: retry to record it.");
    expect(onUploaded).toHaveBeenCalledWith([
      expect.objectContaining({ id: "a" }),
      expect.objectContaining({ id: "b" }),
    ]);
    refuse = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await screen.findByText("2 visits recorded");
    expect(visitPosts(server.calls).map((c) => c.path)).toEqual([
      "/api/poles/p1/inspections",
      "/api/poles/p2/inspections",
      "/api/poles/p2/inspections",
    ]);
  }, 60_000);

  it("asks what the visits found before uploading, and is not offered to viewers", async () => {
    fakeServer({ "GET /api/workspace/settings": settings });
    const { user } = renderDialog();
    await user.upload(screen.getByLabelText("Image files"), await completeJpegs(["a.jpg"]));
    await screen.findByRole("listitem", { name: "a.jpg" });
    await user.click(await screen.findByRole("checkbox", { name: OPTION }));
    await user.click(screen.getByRole("button", { name: "Upload Images" }));
    await screen.findByText(
      "Say what the visits found (no defects or findings), or untick the visit option.",
    );
    expect(tus.started()).toEqual([]);
    cleanup();

    renderDialog(false);
    await screen.findByLabelText("Image files");
    expect(screen.queryByRole("checkbox", { name: OPTION })).toBeNull();
  }, 60_000);
});
