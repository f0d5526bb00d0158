/**
 * The upload dialog sending its photos over the tus protocol, against a stand-in tus server:
 * what each card says, three at a time, the server's own refusals, and a dropped link resuming
 * from the last piece that arrived.
 */
import { RESUMABLE_CHUNK_BYTES } from "@poleatlas/shared";
import { act, screen, waitFor, within, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetReachability } from "../../../lib/offline/connectivity";
import { decodeMetadata, installFakeTus, type FakeTusServer } from "../test/fake-tus";
import { imageRecord } from "../../../test/image-record";
import { completeJpegs, renderDialog } from "../test/render-dialog";

let tus: FakeTusServer;
beforeEach(() => {
  tus = installFakeTus();
});
afterEach(() => {
  // Unmounted while the stand-in server is still there: a dialog left gives up its partial uploads.
  cleanup();
  vi.unstubAllGlobals();
  // A dropped link starts probing the server's health: no probe may outlive its test.
  resetReachability();
});

const QUOTA_TEXT =
  "Storage limit exceeded. You have used 49MB of 50MB. Please reach out to your administrator to increase your storage limit.";
const TYPE_TEXT = "Only JPEG and PNG files are allowed. GIFs and other formats have been removed.";
const FALLBACK_TEXT = "Failed to upload images. Please try again.";

async function startFour({ holdPatches = false } = {}) {
  const names = ["a.jpg", "b.jpg", "c.jpg", "d.jpg"];
  if (holdPatches) tus.holdPatches();
  const view = renderDialog();
  await view.addFiles(await completeJpegs(names));
  await view.waitForCards(names);
  await view.user.click(screen.getByRole("button", { name: "Upload Images" }));
  await waitFor(() => expect(tus.started().length).toBeGreaterThanOrEqual(3));
  return view;
}

/** A photo of `bytes` bytes: a real JPEG (its metadata is read) followed by filler. */
async function largeJpeg(name: string, bytes: number): Promise<File> {
  const [jpeg] = await completeJpegs([name]);
  const head = new Uint8Array(await jpeg!.arrayBuffer());
  return new File([head, new Uint8Array(bytes - head.length)], name, { type: "image/jpeg" });
}

const card = (name: string) => screen.getByRole("listitem", { name });
const statusOf = (name: string) => within(card(name)).getByRole("status");

describe("UploadDialog: uploading", () => {
  it("sends each photo over tus: a creation with its length and metadata, its pieces, then asks", async () => {
    const lastModified = Date.UTC(2024, 6, 1, 22, 30); // a summer evening: DST applies where it exists
    const [jpeg] = await completeJpegs(["dated.jpg"]);
    const file = new File([jpeg!], "dated.jpg", { type: "image/jpeg", lastModified });
    const view = renderDialog();
    await view.addFiles([file]);
    await view.waitForCards(["dated.jpg"]);
    await view.user.click(screen.getByRole("button", { name: "Upload Images" }));
    await waitFor(() => expect(tus.open()).toEqual(["dated.jpg"]));

    const [creation, ...rest] = tus.callsOf("dated.jpg");
    expect(creation).toMatchObject({ method: "POST", path: "/api/uploads" });
    expect(creation!.headers["upload-length"]).toBe(String(file.size));
    expect(creation!.headers["tus-resumable"]).toBe("1.0.0");
    const metadata = decodeMetadata(creation!.headers["upload-metadata"]);
    expect(metadata).toEqual({
      filename: "dated.jpg",
      filetype: "image/jpeg",
      lastModified: String(lastModified),
      timezoneOffset: String(new Date(lastModified).getTimezoneOffset()),
    });
    const uploadPath = rest[0]!.path;
    expect(uploadPath).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    expect(rest.map((c) => `${c.method} ${c.path}`)).toEqual([`PATCH ${uploadPath}`, `GET ${uploadPath}`]);
    expect(rest[0]!.headers["upload-offset"]).toBe("0");
    expect(rest[0]!.headers["content-type"]).toBe("application/offset+octet-stream");
    expect(rest[0]!.size).toBe(file.size);
    // Nothing goes the plain way any more.
    expect(tus.calls.every((c) => c.path.startsWith("/api/uploads"))).toBe(true);

    const stored = imageRecord("dated.jpg");
    tus.answer("dated.jpg", 200, { image: stored });
    await waitFor(() => expect(view.onUploaded).toHaveBeenCalledWith([stored]));
  });

  it("resumes a piece refused or dropped mid-way from the server's offset, sending no earlier piece again", async () => {
    const size = 2 * RESUMABLE_CHUNK_BYTES + 700_000;
    const file = await largeJpeg("big.jpg", size);
    // The second piece meets a busy server; the third loses its link after 300 kB arrived.
    tus.failPatch("big.jpg", RESUMABLE_CHUNK_BYTES, { status: 503, body: "busy" });
    tus.failPatch("big.jpg", 2 * RESUMABLE_CHUNK_BYTES, "drop", 300_000);
    const view = renderDialog();
    await view.addFiles([file]);
    await view.waitForCards(["big.jpg"]);
    await view.user.click(screen.getByRole("button", { name: "Upload Images" }));
    await waitFor(() => expect(tus.open()).toEqual(["big.jpg"]));

    const offsets = tus.callsOf("big.jpg", "PATCH").map((c) => Number(c.headers["upload-offset"]));
    expect(offsets).toEqual([
      0,
      RESUMABLE_CHUNK_BYTES,
      RESUMABLE_CHUNK_BYTES, // after the 503: asked where it stands (HEAD), went on from there
      2 * RESUMABLE_CHUNK_BYTES,
      2 * RESUMABLE_CHUNK_BYTES + 300_000, // after the drop: only the bytes that did not arrive
    ]);
    expect(tus.callsOf("big.jpg", "HEAD")).toHaveLength(2);
    expect(tus.callsOf("big.jpg", "POST")).toHaveLength(1);
    expect(tus.received("big.jpg")).toBe(size);
    expect(tus.callsOf("big.jpg", "PATCH").at(-1)!.size).toBe(400_000);

    const stored = imageRecord("big.jpg");
    tus.answer("big.jpg", 200, { image: stored });
    await waitFor(() => expect(view.onUploaded).toHaveBeenCalledWith([stored]));
  });

  it("hands a photo whose link stays down to the queue with its upload URL, to resume there", async () => {
    const file = await largeJpeg("far.jpg", RESUMABLE_CHUNK_BYTES + 200_000);
    // The first piece arrives, then nothing gets through any more.
    tus.cutOff("far.jpg", RESUMABLE_CHUNK_BYTES);
    const keepForLater = vi.fn((_file: File, _uploadUrl: string | null) => Promise.resolve(true));
    const view = renderDialog({ keepForLater });
    await view.addFiles([file]);
    await view.waitForCards(["far.jpg"]);
    await view.user.click(screen.getByRole("button", { name: "Upload Images" }));

    // Kept, as a file meeting no connection always was: the dialog's work is done.
    await waitFor(() => expect(view.onClose).toHaveBeenCalled());
    expect(tus.received("far.jpg")).toBe(RESUMABLE_CHUNK_BYTES);
    const uploadPath = tus.callsOf("far.jpg", "PATCH")[0]!.path;
    expect(keepForLater).toHaveBeenCalledTimes(1);
    expect(keepForLater.mock.calls[0]![0]).toBe(file);
    expect(new URL(keepForLater.mock.calls[0]![1]!).pathname).toBe(uploadPath);
  });

  it("gives a failed photo's partial upload up on the server when the files are cancelled", async () => {
    const file = await largeJpeg("gone.jpg", RESUMABLE_CHUNK_BYTES + 200_000);
    tus.cutOff("gone.jpg", RESUMABLE_CHUNK_BYTES);
    const view = renderDialog();
    await view.addFiles([file]);
    await view.waitForCards(["gone.jpg"]);
    await view.user.click(screen.getByRole("button", { name: "Upload Images" }));
    // No queue here: the card fails, and its partial upload is kept for a retry from the dialog.
    expect(await screen.findByText(/could not be uploaded/)).toBeInTheDocument();
    expect(tus.callsOf("gone.jpg", "DELETE")).toEqual([]);

    tus.reconnect("gone.jpg");
    await view.user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(view.onClose).toHaveBeenCalled();
    const uploadPath = tus.callsOf("gone.jpg", "PATCH")[0]!.path;
    await waitFor(() => expect(tus.callsOf("gone.jpg", "DELETE").map((c) => c.path)).toEqual([uploadPath]));
  });

  it("says 'Already uploaded' for bytes the server had stored before, as a success", async () => {
    const { onUploaded } = await startFour();
    const earlier = imageRecord("a.jpg");
    tus.answer("a.jpg", 200, { image: earlier, duplicate: true });
    await waitFor(() => expect(statusOf("a.jpg")).toHaveTextContent("Already uploaded"));
    tus.answer("b.jpg", 200, { image: imageRecord("b.jpg") });
    await waitFor(() => expect(statusOf("b.jpg")).toHaveTextContent(/^Uploaded$/));
    for (const name of ["c.jpg", "d.jpg"]) tus.answer(name, 200, { image: imageRecord(name) });
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(onUploaded.mock.calls[0]?.[0]).toContainEqual(earlier);
  });

  it("stays open, each card saying 'Already uploaded', when every file was stored before", async () => {
    const { onClose, onUploaded } = await startFour();
    for (const name of ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
      tus.answer(name, 200, { image: imageRecord(name), duplicate: true });
    for (const name of ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
      await waitFor(() => expect(statusOf(name)).toHaveTextContent("Already uploaded"));
    // Well after the close a successful run would have made.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onClose).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Upload Images" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close" })).toBeEnabled();
  });

  it("sends three at a time, shows each file's progress, and cannot be closed meanwhile", async () => {
    const { user, onClose } = await startFour({ holdPatches: true });
    await waitFor(() => expect(tus.open()).toHaveLength(3));
    expect(tus.started()).toEqual(["a.jpg", "b.jpg", "c.jpg"]);

    const piece = tus.heldPatch("b.jpg");
    act(() => piece.progress(Math.ceil(piece.call!.size * 0.4)));
    const bar = within(card("b.jpg")).getByRole("progressbar", { name: "Upload progress of b.jpg" });
    expect(bar).toHaveAttribute("aria-valuenow", "40");
    expect(within(card("b.jpg")).getByText("Uploading… 40%")).toBeInTheDocument();
    expect(within(card("a.jpg")).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");

    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Upload Images" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Remove a.jpg" })).toBeNull();
    await user.keyboard("{Escape}");
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Upload Images" })).toBeInTheDocument();

    tus.answer("a.jpg", 200, { image: imageRecord("a.jpg") });
    tus.release("a.jpg");
    // A lane freed: the fourth file starts.
    await waitFor(() => expect(tus.started()).toContain("d.jpg"));
    expect(within(card("a.jpg")).getByText("Uploaded")).toBeInTheDocument();
  });

  it("shows each failure's own message on its card, lets the others finish, and stays open", async () => {
    // Refused at creation (the quota), refused once its bytes were read (not a photo), and a link
    // that never gets through (after the dialog's own quick retries).
    tus.refuseCreation("a.jpg", { status: 413, body: { code: "quota_exceeded", message: QUOTA_TEXT } });
    tus.cutOff("c.jpg");
    const { onUploaded, onClose, user } = await startFour();
    tus.answer("b.jpg", 415, { code: "unsupported_type", message: TYPE_TEXT });
    const stored = imageRecord("d.jpg");
    tus.answer("d.jpg", 200, { image: stored });

    await waitFor(() => expect(statusOf("a.jpg")).toHaveTextContent(QUOTA_TEXT));
    await waitFor(() => expect(statusOf("b.jpg")).toHaveTextContent(TYPE_TEXT));
    await waitFor(() => expect(statusOf("d.jpg")).toHaveTextContent("Uploaded"));
    await waitFor(() => expect(statusOf("c.jpg")).toHaveTextContent(FALLBACK_TEXT));
    expect(screen.getByText(/3 files could not be uploaded/)).toBeInTheDocument();

    // The stored photo is reported at once so the map shows it; the dialog stays for the rest.
    expect(onUploaded).toHaveBeenCalledWith([stored]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Upload Images" })).toBeInTheDocument();

    // Retry sends only the failed ones, each as a new upload (none had bytes left to resume).
    tus.calls.splice(0);
    await user.click(screen.getByRole("button", { name: "Upload Images" }));
    await waitFor(() => expect(tus.started()).toHaveLength(3));
    expect([...tus.started()].sort()).toEqual(["a.jpg", "b.jpg", "c.jpg"]);
  });

  it("falls back to the spec's text when the server's answer is not our JSON", async () => {
    const names = ["only.jpg"];
    const view = renderDialog();
    await view.addFiles(await completeJpegs(names));
    await view.waitForCards(names);
    await view.user.click(screen.getByRole("button", { name: "Upload Images" }));
    await waitFor(() => expect(tus.open()).toEqual(["only.jpg"]));
    tus.answer("only.jpg", 502, "<html>Bad Gateway</html>");
    expect(await within(card("only.jpg")).findByText(FALLBACK_TEXT)).toBeInTheDocument();
    // Nothing was stored, so there is nothing to report; Close still works.
    expect(view.onUploaded).not.toHaveBeenCalled();
    await view.user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(view.onClose).toHaveBeenCalledTimes(1);
  });
});
