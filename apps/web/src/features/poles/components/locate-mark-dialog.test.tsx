/** The locate mark area is a slider with a value from the start, said as "no mark yet" until set. */
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { photo } from "../../../test/records";
import { LocateMarkDialog } from "./locate-mark-dialog";

describe("LocateMarkDialog", () => {
  it("gives the mark area a value before any mark, and the mark's once set", async () => {
    const onSet = vi.fn();
    render(
      <LocateMarkDialog
        photo={photo({ id: "i1", name: "p.jpg" })}
        initial={null}
        onSet={onSet}
        onCancel={() => {}}
      />,
    );
    const area = screen.getByRole("slider", { name: "Photo p.jpg: mark where the pole stands" });
    const img = screen.getByRole("img", { name: "p.jpg" });
    Object.defineProperty(img, "naturalWidth", { value: 4000 });
    fireEvent.load(img);
    expect(area).toHaveAttribute("aria-valuenow", "2000");
    expect(area).toHaveAttribute("aria-valuetext", "No mark yet: the middle of the photo");
    area.focus();
    await userEvent.keyboard("{Shift>}{ArrowRight}{/Shift}");
    expect(area).toHaveAttribute("aria-valuenow", "2080");
    expect(area).not.toHaveAttribute("aria-valuetext");
    await userEvent.keyboard("{Enter}");
    expect(onSet).toHaveBeenCalledWith(2080, 0.52);
  });
});
