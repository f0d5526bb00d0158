import { fireEvent, screen, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubMediaQueries } from "../../../test/media";
import { installFakeTus } from "../test/fake-tus";
import { photoFiles, renderDialog } from "../test/render-dialog";

/** A phone: its main pointer is coarse; every other media query as the test environment says. */
function touchScreen(coarse: boolean) {
  stubMediaQueries((query) => (query.includes("pointer: coarse") ? coarse : null));
}

beforeEach(() => {
  installFakeTus();
});
afterEach(() => {
  // Unmounted while the stand-in server is still there: a dialog left gives up its partial uploads.
  cleanup();
  vi.unstubAllGlobals();
});

describe("UploadDialog: 'Take Photo'", () => {
  it("on a touch device opens the back camera, and the shot joins the list like a dropped file", async () => {
    touchScreen(true);
    const files = await photoFiles();
    const { waitForCards } = renderDialog();
    expect(screen.getByRole("button", { name: "Take Photo" })).toBeEnabled();
    const camera = screen.getByLabelText("Camera photo");
    expect(camera).toHaveAttribute("capture", "environment");
    fireEvent.change(camera, { target: { files: [files.complete] } });
    await waitForCards(["pole-complete.jpg"]);
  });

  it("refuses what is not a JPEG or PNG with the spec's message", async () => {
    touchScreen(true);
    const files = await photoFiles();
    renderDialog();
    fireEvent.change(screen.getByLabelText("Camera photo"), { target: { files: [files.gif] } });
    expect(
      await screen.findByText(
        "Only JPEG and PNG files are allowed. GIFs and other formats have been removed.",
      ),
    ).toBeInTheDocument();
  });

  it("is not offered with a mouse (desktop browsers ignore capture and show a file picker)", () => {
    touchScreen(false);
    renderDialog();
    expect(screen.queryByRole("button", { name: "Take Photo" })).not.toBeInTheDocument();
  });
});
