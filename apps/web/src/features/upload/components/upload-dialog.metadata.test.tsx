import { fireEvent, screen, waitFor, within, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeTus, type FakeTusServer } from "../test/fake-tus";
import { imageRecord } from "../../../test/image-record";
import { makeJpeg } from "../../../../e2e/support/photo-fixtures";
import { photoFiles, renderDialog, toFile } from "../test/render-dialog";

let tus: FakeTusServer;
beforeEach(() => {
  tus = installFakeTus();
});
afterEach(() => {
  // Unmounted while the stand-in server is still there: a dialog left gives up its partial uploads.
  cleanup();
  vi.unstubAllGlobals();
});

async function dialogWithAllThree() {
  const files = await photoFiles();
  const view = renderDialog();
  await view.addFiles([files.complete, files.noGps, files.noDate]);
  await view.waitForCards(["pole-complete.jpg", "pole-no-gps.jpg", "pole-no-date.png"]);
  await view.user.click(screen.getByRole("button", { name: "Upload Images" }));
  const warning = await screen.findByRole("dialog", { name: "Important: Missing Metadata" });
  return { ...view, warning };
}

describe("UploadDialog: the missing-metadata dialog", () => {
  it("lists which files miss GPS and which miss the date, and explains the effects", async () => {
    const { warning } = await dialogWithAllThree();
    const gpsList = within(warning).getByRole("list", { name: /Missing GPS coordinates/ });
    const dateList = within(warning).getByRole("list", { name: /Missing original date\/time/ });
    expect(
      within(gpsList)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["pole-no-gps.jpg"]);
    expect(
      within(dateList)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["pole-no-date.png"]);
    expect(warning).toHaveTextContent(/location accuracy on the map/i);
    expect(warning).toHaveTextContent(/timeline organization/i);
    expect(warning).toHaveTextContent(/data analysis and reporting/i);
    expect(within(warning).getByRole("button", { name: "Cancel Upload" })).toBeEnabled();
    expect(tus.calls).toHaveLength(0);
  });

  it("keeps 'Proceed with Upload' disabled until the box is ticked, then uploads", async () => {
    const { warning, user } = await dialogWithAllThree();
    const proceed = within(warning).getByRole("button", { name: "Proceed with Upload" });
    expect(proceed).toBeDisabled();
    await user.click(
      within(warning).getByRole("checkbox", {
        name: "I understand the implications and want to proceed with the upload",
      }),
    );
    expect(proceed).toBeEnabled();
    await user.click(proceed);
    await waitFor(() => expect(tus.open()).toHaveLength(3));
    expect([...tus.started()].sort()).toEqual(["pole-complete.jpg", "pole-no-date.png", "pole-no-gps.jpg"]);
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Important: Missing Metadata" })).toBeNull(),
    );
  });

  it("answers a forced submit without the tick with the acknowledge message and uploads nothing", async () => {
    const { warning } = await dialogWithAllThree();
    const proceed = within(warning).getByRole("button", { name: "Proceed with Upload" });
    fireEvent.submit(proceed.closest("form") as HTMLFormElement);
    expect(
      await within(warning).findByText("Please acknowledge the warning before proceeding"),
    ).toBeInTheDocument();
    expect(tus.calls).toHaveLength(0);
  });

  it("'Cancel Upload' goes back to the selection without uploading", async () => {
    const { warning, user } = await dialogWithAllThree();
    await user.click(within(warning).getByRole("button", { name: "Cancel Upload" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Important: Missing Metadata" })).toBeNull(),
    );
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(tus.calls).toHaveLength(0);
    // Asked again next time, with the box unticked.
    await user.click(screen.getByRole("button", { name: "Upload Images" }));
    const again = await screen.findByRole("dialog", { name: "Important: Missing Metadata" });
    expect(within(again).getByRole("checkbox")).not.toBeChecked();
  });

  it("uploads directly when every file has GPS and date, then reports and closes", async () => {
    const files = await photoFiles();
    const { user, addFiles, waitForCards, onUploaded, onClose } = renderDialog();
    await addFiles([files.complete]);
    await waitForCards(["pole-complete.jpg"]);
    await user.click(screen.getByRole("button", { name: "Upload Images" }));
    expect(screen.queryByRole("dialog", { name: "Important: Missing Metadata" })).toBeNull();
    await waitFor(() => expect(tus.open()).toEqual(["pole-complete.jpg"]));
    expect(tus.callsOf("pole-complete.jpg", "POST")[0]?.path).toBe("/api/uploads");
    const record = imageRecord("pole-complete.jpg");
    tus.answer("pole-complete.jpg", 200, { image: record });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onUploaded).toHaveBeenCalledWith([record]);
  });

  it("takes date and position from XMP when the EXIF has neither: no warning, straight upload", async () => {
    const xmp =
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
      `<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:DateTimeOriginal="2021-05-06T10:00:00"` +
      ` exif:GPSLatitude="52,31.2345N" exif:GPSLongitude="13,24.2973E"/></rdf:RDF></x:xmpmeta>`;
    const file = toFile(await makeJpeg({ xmp }), "pole-edited.jpg", "image/jpeg");
    const { user, addFiles, waitForCards } = renderDialog();
    await addFiles([file]);
    await waitForCards(["pole-edited.jpg"]);
    expect(screen.queryByText("No GPS coordinates found")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Upload Images" }));
    expect(screen.queryByRole("dialog", { name: "Important: Missing Metadata" })).toBeNull();
    await waitFor(() => expect(tus.open()).toEqual(["pole-edited.jpg"]));
  });
});

describe("UploadDialog: compass bearings", () => {
  it("says how many of the chosen photos carry a compass bearing", async () => {
    const gps = { latitude: 52.520008, longitude: 13.404954 };
    const [aimed, plain] = await Promise.all([
      makeJpeg({ gps, dateTimeOriginal: "2024:05:01 10:22:33", heading: 123.45 }),
      makeJpeg({ gps, dateTimeOriginal: "2024:05:01 10:23:00" }),
    ]);
    const view = renderDialog();
    await view.addFiles([
      toFile(aimed, "pole-aimed.jpg", "image/jpeg"),
      toFile(plain, "pole-plain.jpg", "image/jpeg"),
    ]);
    await view.waitForCards(["pole-aimed.jpg", "pole-plain.jpg"]);
    expect(await screen.findByText("1 of 2 photos carry a compass bearing")).toBeInTheDocument();
  });
});
