/**
 * iPhone photos as they come: the drop zone takes .heic and .heif (with their type, or none, as
 * Windows browsers give them) and reads their position; the zone's texts stay the spec's.
 */
import { makeHeic } from "@poleatlas/shared/testing/heic";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { decodeMetadata, installFakeTus, type FakeTusServer } from "../test/fake-tus";
import { renderDialog, toFile } from "../test/render-dialog";

let tus: FakeTusServer;
beforeEach(() => {
  tus = installFakeTus();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("UploadDialog: HEIC photos", { timeout: 60_000 }, () => {
  it("accepts .heic and .heif, typed or not, and reads their GPS", async () => {
    const heic = await makeHeic({ gps: { latitude: 47.3769, longitude: 8.5417 } });
    const { addFiles, waitForCards } = renderDialog();
    await addFiles([
      toFile(heic, "IMG_0001.HEIC", "image/heic"),
      toFile(heic.subarray(), "IMG_0002.heif", "image/heif"),
      toFile(heic.subarray(), "IMG_0003.heic", ""),
    ]);
    await waitForCards(["IMG_0001.HEIC", "IMG_0002.heif", "IMG_0003.heic"]);
    const card = screen.getByRole("listitem", { name: "IMG_0001.HEIC" });
    expect(within(card).queryByText("No GPS coordinates found")).toBeNull();
    expect(within(card).queryByText("Only JPEG and PNG files are allowed")).toBeNull();
    expect(
      screen.queryByText("Only JPEG and PNG files are allowed. GIFs and other formats have been removed."),
    ).toBeNull();
  });

  it("sends an untyped .heic as image/heic, which the server takes", async () => {
    const heic = await makeHeic({
      gps: { latitude: 47.3769, longitude: 8.5417 },
      dateTimeOriginal: "2024:05:01 10:00:00",
    });
    const { user, addFiles, waitForCards } = renderDialog();
    await addFiles([toFile(heic, "IMG_0004.heic", "")]);
    await waitForCards(["IMG_0004.heic"]);
    // On a busy machine the button may still be settling when the card shows: click it enabled.
    const upload = screen.getByRole("button", { name: "Upload Images" });
    await waitFor(() => expect(upload).toBeEnabled());
    await user.click(upload);
    await waitFor(() => expect(tus.callsOf("IMG_0004.heic", "POST")).toHaveLength(1), { timeout: 30_000 });
    const [created] = tus.callsOf("IMG_0004.heic", "POST");
    expect(decodeMetadata(created!.headers["upload-metadata"]).filetype).toBe("image/heic");
  });
});
