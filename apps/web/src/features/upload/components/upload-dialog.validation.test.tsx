import { screen, within, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeLargePng } from "../../../../e2e/support/photo-fixtures";
import { installFakeTus, type FakeTusServer } from "../test/fake-tus";
import { photoFiles, renderDialog, toFile } from "../test/render-dialog";
import { UploadDialog } from "./upload-dialog";

let tus: FakeTusServer;
beforeEach(() => {
  tus = installFakeTus();
});
afterEach(() => {
  // Unmounted while the stand-in server is still there: a dialog left gives up its partial uploads.
  cleanup();
  vi.unstubAllGlobals();
});

describe("UploadDialog: what it shows", () => {
  it("has the spec's title, zone texts, buttons and storage alert", () => {
    renderDialog({ usedBytes: 10 * 1048576 });
    const dialog = screen.getByRole("dialog", { name: "Upload Images" });
    expect(within(dialog).getByText("Drag & drop images here")).toBeInTheDocument();
    expect(within(dialog).getByText("Only JPEG and PNG files are allowed")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeEnabled();
    expect(within(dialog).getByRole("button", { name: "Upload Images" })).toBeEnabled();
    expect(within(dialog).getByRole("button", { name: "Choose images to upload" })).toHaveAttribute(
      "tabindex",
      "0",
    );
    expect(screen.getByRole("alert", { name: "Storage usage" })).toHaveTextContent(
      "Storage Usage: 10 MB / 50MB",
    );
  });

  it("reads a cut file name whole in its card's tooltip", async () => {
    const view = renderDialog();
    const long = "pole-2025-02-03-north-feeder-line-segment-17-crossarm-detail.jpg";
    const { complete } = await photoFiles();
    await view.addFiles([toFile(new Uint8Array(await complete.arrayBuffer()), long, "image/jpeg")]);
    await view.waitForCards([long]);
    const card = screen.getByRole("listitem", { name: long });
    await view.user.hover(within(card).getByText(long));
    expect(await screen.findByRole("tooltip")).toHaveTextContent(long);
    // The name is no Tab stop of its own (it does nothing); the card's only one is Remove.
    const stops = [...card.querySelectorAll<HTMLElement>("[tabindex], button, a, input")].filter(
      (el) => el.tabIndex >= 0,
    );
    expect(stops.map((el) => el.getAttribute("aria-label"))).toEqual([`Remove ${long}`]);
  });

  it("turns the storage alert red only above 47185920 bytes", () => {
    const { rerender, onClose, onUploaded } = renderDialog({ usedBytes: 47_185_920 });
    const alert = () => screen.getByRole("alert", { name: "Storage usage" });
    expect(alert().className).toMatch(/colorInfo/);
    expect(alert()).toHaveTextContent("Storage Usage: 45 MB / 50MB");
    rerender(<UploadDialog open usedBytes={47_185_921} onClose={onClose} onUploaded={onUploaded} />);
    expect(alert().className).toMatch(/colorError/);
  });

  it("shows and warns by the user's own quota when an admin has set one", () => {
    const { rerender, onClose, onUploaded } = renderDialog({ usedBytes: 100 * 1048576 });
    const alert = () => screen.getByRole("alert", { name: "Storage usage" });
    rerender(
      <UploadDialog
        open
        usedBytes={100 * 1048576}
        quotaBytes={200 * 1048576}
        onClose={onClose}
        onUploaded={onUploaded}
      />,
    );
    expect(alert()).toHaveTextContent("Storage Usage: 100 MB / 200MB");
    expect(alert().className).toMatch(/colorInfo/);
    rerender(
      <UploadDialog
        open
        usedBytes={181 * 1048576}
        quotaBytes={200 * 1048576}
        onClose={onClose}
        onUploaded={onUploaded}
      />,
    );
    expect(alert().className).toMatch(/colorError/);
  });
});

describe("UploadDialog: validation", () => {
  it("asks for at least one file", async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Upload Images" }));
    expect(screen.getByText("Please select at least one file")).toBeInTheDocument();
    expect(tus.calls).toHaveLength(0);
  });

  it("removes GIFs and other formats with the spec's message and keeps the photos", async () => {
    const files = await photoFiles();
    const text = new File(["hello"], "notes.txt", { type: "text/plain" });
    const { addFiles, waitForCards } = renderDialog();
    await addFiles([files.complete, files.gif, text]);
    expect(
      await screen.findByText(
        "Only JPEG and PNG files are allowed. GIFs and other formats have been removed.",
      ),
    ).toBeInTheDocument();
    await waitForCards(["pole-complete.jpg"]);
    expect(screen.queryByRole("listitem", { name: "animation.gif" })).toBeNull();
    expect(screen.queryByRole("listitem", { name: "notes.txt" })).toBeNull();
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
  });

  it("warns on the card when a file named .jpg is not really a JPEG", async () => {
    const files = await photoFiles();
    const disguised = new File([files.gif], "disguised.jpg", { type: "image/jpeg" });
    const { addFiles, waitForCards } = renderDialog();
    await addFiles([disguised]);
    await waitForCards(["disguised.jpg"]);
    const card = screen.getByRole("listitem", { name: "disguised.jpg" });
    expect(within(card).getByText("Only JPEG and PNG files are allowed")).toBeInTheDocument();
    expect(within(card).getByText("No GPS coordinates found")).toBeInTheDocument();
  });

  it("refuses an upload that would pass the quota, with current and resulting MB, before any request", async () => {
    const big = toFile(await makeLargePng(3 * 1048576), "big.png", "image/png");
    const { user, addFiles, waitForCards } = renderDialog({ usedBytes: 48 * 1048576 });
    await addFiles([big]);
    await waitForCards(["big.png"]);
    await user.click(screen.getByRole("button", { name: "Upload Images" }));
    expect(
      screen.getByText(
        "Upload would exceed storage limit. Current usage: 48MB/50MB. Upload would result in 51MB.",
      ),
    ).toBeInTheDocument();
    expect(tus.calls).toHaveLength(0);
    expect(screen.queryByRole("dialog", { name: "Important: Missing Metadata" })).toBeNull();
  });

  it("shows each file's warnings on its card, and a removed card is gone", async () => {
    const files = await photoFiles();
    const { user, addFiles, waitForCards } = renderDialog();
    await addFiles([files.complete, files.noGps, files.noDate]);
    await waitForCards(["pole-complete.jpg", "pole-no-gps.jpg", "pole-no-date.png"]);
    const card = (name: string) => screen.getByRole("listitem", { name });
    expect(within(card("pole-complete.jpg")).queryByText(/No GPS|No original/)).toBeNull();
    expect(within(card("pole-no-gps.jpg")).getByText("No GPS coordinates found")).toBeInTheDocument();
    expect(within(card("pole-no-gps.jpg")).queryByText("No original date/time found")).toBeNull();
    expect(within(card("pole-no-date.png")).getByText("No original date/time found")).toBeInTheDocument();
    expect(
      within(card("pole-no-date.png")).getByRole("img", { name: "Preview of pole-no-date.png" }),
    ).toHaveAttribute("src", expect.stringMatching(/^blob:/));

    await user.click(screen.getByRole("button", { name: "Remove pole-no-gps.jpg" }));
    expect(screen.queryByRole("listitem", { name: "pole-no-gps.jpg" })).toBeNull();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
  });

  it("Cancel closes and forgets the selection", async () => {
    const files = await photoFiles();
    const revoke = vi.spyOn(URL, "revokeObjectURL");
    const { user, addFiles, waitForCards, onClose, onUploaded, rerender } = renderDialog();
    await addFiles([files.complete]);
    await waitForCards(["pole-complete.jpg"]);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(revoke).toHaveBeenCalledTimes(1);
    // The map screen closes the dialog on onClose and opens it again later.
    rerender(<UploadDialog open={false} usedBytes={0} onClose={onClose} onUploaded={onUploaded} />);
    rerender(<UploadDialog open usedBytes={0} onClose={onClose} onUploaded={onUploaded} />);
    expect(screen.getByRole("dialog", { name: "Upload Images" })).toBeInTheDocument();
    expect(screen.queryAllByRole("listitem")).toHaveLength(0);
    expect(onUploaded).not.toHaveBeenCalled();
    expect(tus.calls).toHaveLength(0);
  });
});
