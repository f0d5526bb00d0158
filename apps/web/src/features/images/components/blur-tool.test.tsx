import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { photo } from "../../../test/records";
import { BlurTool, toPhotoBoxes } from "./blur-tool";

describe("BlurTool", () => {
  it("says next to the marking that license plates are left to it", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BlurTool photo={photo({ id: "p-1" })} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Blur areas" }));
    const dialog = await screen.findByRole("dialog", { name: "Blur areas" });
    expect(dialog).toHaveTextContent("License plates are not detected automatically: mark them here.");
  });
});

describe("toPhotoBoxes", () => {
  it("turns marks in shares of the shown picture into the photo's own pixels, inside the photo", () => {
    expect(toPhotoBoxes([{ x: 0.25, y: 0.5, w: 0.5, h: 0.25 }], 4000, 3000)).toEqual([
      { x: 1000, y: 1500, width: 2000, height: 750 },
    ]);
    // A mark that reaches the edge stays within the photo.
    expect(toPhotoBoxes([{ x: 0.9, y: 0.9, w: 0.2, h: 0.2 }], 100, 50)).toEqual([
      { x: 90, y: 45, width: 10, height: 5 },
    ]);
  });
});
