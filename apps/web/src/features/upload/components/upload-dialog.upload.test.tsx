import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr, imageRecord, openRequests, requestFor } from "../test/fake-xhr";
import { completeJpegs, renderDialog } from "../test/render-dialog";

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const QUOTA_TEXT =
  "Storage limit exceeded. You have used 49MB of 50MB. Please reach out to your administrator to increase your storage limit.";
const TYPE_TEXT = "Only JPEG and PNG files are allowed. GIFs and other formats have been removed.";

async function startFour() {
  const names = ["a.jpg", "b.jpg", "c.jpg", "d.jpg"];
  const view = renderDialog();
  await view.addFiles(await completeJpegs(names));
  await view.waitForCards(names);
  await view.user.click(screen.getByRole("button", { name: "Upload Images" }));
  await waitFor(() => expect(openRequests()).toHaveLength(3));
  return view;
}

const card = (name: string) => screen.getByRole("listitem", { name });

describe("UploadDialog: uploading", () => {
  it("says 'Already uploaded' for bytes the server had stored before, as a success", async () => {
    const { onUploaded } = await startFour();
    const earlier = imageRecord("a.jpg");
    act(() => requestFor("a.jpg").reply(200, { image: earlier, duplicate: true }));
    await waitFor(() =>
      expect(within(card("a.jpg")).getByRole("status")).toHaveTextContent("Already uploaded"),
    );
    act(() => requestFor("b.jpg").reply(201, { image: imageRecord("b.jpg") }));
    await waitFor(() => expect(within(card("b.jpg")).getByRole("status")).toHaveTextContent(/^Uploaded$/));
    for (const name of ["c.jpg", "d.jpg"]) {
      await waitFor(() => requestFor(name));
      act(() => requestFor(name).reply(201, { image: imageRecord(name) }));
    }
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(onUploaded.mock.calls[0]?.[0]).toContainEqual(earlier);
  });

  it("stays open, each card saying 'Already uploaded', when every file was stored before", async () => {
    const { onClose, onUploaded } = await startFour();
    for (const name of ["a.jpg", "b.jpg", "c.jpg", "d.jpg"]) {
      await waitFor(() => requestFor(name));
      act(() => requestFor(name).reply(200, { image: imageRecord(name), duplicate: true }));
    }
    for (const name of ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
      await waitFor(() =>
        expect(within(card(name)).getByRole("status")).toHaveTextContent("Already uploaded"),
      );
    // Well after the close a successful run would have made.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onClose).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Upload Images" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close" })).toBeEnabled();
  });

  it("sends three at a time, shows each file's progress, and cannot be closed meanwhile", async () => {
    const { user, onClose } = await startFour();
    expect(openRequests().map((x) => x.fileName)).toEqual(["a.jpg", "b.jpg", "c.jpg"]);

    act(() => requestFor("b.jpg").progress(40, 100));
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

    act(() => requestFor("a.jpg").reply(201, { image: imageRecord("a.jpg") }));
    // A lane freed: the fourth file starts.
    await waitFor(() => expect(openRequests().map((x) => x.fileName)).toContain("d.jpg"));
    expect(within(card("a.jpg")).getByText("Uploaded")).toBeInTheDocument();
  });

  it("shows each failure's own message on its card, lets the others finish, and stays open", async () => {
    const { onUploaded, onClose, user } = await startFour();
    act(() => requestFor("a.jpg").reply(413, { code: "quota_exceeded", message: QUOTA_TEXT }));
    act(() => requestFor("b.jpg").reply(415, { code: "unsupported_type", message: TYPE_TEXT }));
    act(() => requestFor("c.jpg").networkError());
    await waitFor(() => requestFor("d.jpg"));
    const stored = imageRecord("d.jpg");
    act(() => requestFor("d.jpg").reply(201, { image: stored }));

    await waitFor(() => expect(within(card("a.jpg")).getByRole("status")).toHaveTextContent(QUOTA_TEXT));
    expect(within(card("b.jpg")).getByRole("status")).toHaveTextContent(TYPE_TEXT);
    expect(within(card("c.jpg")).getByRole("status")).toHaveTextContent(
      "Failed to upload images. Please try again.",
    );
    // Each answer is read in its own turn: d's may come after a's failure was shown.
    await waitFor(() => expect(within(card("d.jpg")).getByRole("status")).toHaveTextContent("Uploaded"));
    expect(screen.getByText(/3 files could not be uploaded/)).toBeInTheDocument();

    // The stored photo is reported at once so the map shows it; the dialog stays for the rest.
    expect(onUploaded).toHaveBeenCalledWith([stored]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Upload Images" })).toBeInTheDocument();

    // Retry sends only the failed ones.
    FakeXhr.sent = [];
    await user.click(screen.getByRole("button", { name: "Upload Images" }));
    await waitFor(() => expect(openRequests()).toHaveLength(3));
    expect(openRequests().map((x) => x.fileName)).toEqual(["a.jpg", "b.jpg", "c.jpg"]);
  });

  it("falls back to the spec's text when the server's answer is not our JSON", async () => {
    const names = ["only.jpg"];
    const view = renderDialog();
    await view.addFiles(await completeJpegs(names));
    await view.waitForCards(names);
    await view.user.click(screen.getByRole("button", { name: "Upload Images" }));
    await waitFor(() => expect(openRequests()).toHaveLength(1));
    act(() => requestFor("only.jpg").reply(502, "<html>Bad Gateway</html>"));
    expect(
      await within(card("only.jpg")).findByText("Failed to upload images. Please try again."),
    ).toBeInTheDocument();
    // Nothing was stored, so there is nothing to report; Close still works.
    expect(view.onUploaded).not.toHaveBeenCalled();
    await view.user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(view.onClose).toHaveBeenCalledTimes(1);
  });

  it("sends the file's last-modified time and the uploader's UTC offset at that time", async () => {
    const lastModified = Date.UTC(2024, 6, 1, 22, 30); // a summer evening: DST applies where it exists
    const [jpeg] = await completeJpegs(["dated.jpg"]);
    const file = new File([jpeg!], "dated.jpg", { type: "image/jpeg", lastModified });
    const view = renderDialog();
    await view.addFiles([file]);
    await view.waitForCards(["dated.jpg"]);
    await view.user.click(screen.getByRole("button", { name: "Upload Images" }));
    await waitFor(() => expect(openRequests()).toHaveLength(1));
    const form = requestFor("dated.jpg").body!;
    expect(form.get("lastModified")).toBe(String(lastModified));
    expect(form.get("timezoneOffset")).toBe(String(new Date(lastModified).getTimezoneOffset()));
    // Fields before the file: the server reads the parts in order.
    expect([...form.keys()]).toEqual(["lastModified", "timezoneOffset", "file"]);
  });
});
