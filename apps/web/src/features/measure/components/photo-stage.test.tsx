/**
 * The photo frame's gestures land marks on the photo's own pixels: after a two-finger pinch, after
 * a wheel turn, where a click pressed though the photo moved before its release, and from the
 * keyboard alone (arrows move a cross, Enter sets it). The photo is
 * 3000 × 4000 as displayed, shown in a 600 × 400 frame at (10, 20): a tenth, its left edge at 160.
 */
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { photo } from "../../../test/records";
import { PhotoStage } from "./photo-stage";

const PHOTO = photo({
  id: "p",
  metadata: {
    ...photo({ id: "p" }).metadata,
    optics: { width: 3000, height: 4000, focalLength35mm: 28, focalLengthMm: null, sensorWidthMm: null },
  },
});

function renderStage() {
  const onPlace = vi.fn();
  render(
    <PhotoStage
      photo={PHOTO}
      marks={[]}
      lines={[]}
      selected={null}
      onSelect={vi.fn()}
      onPlace={onPlace}
      onMove={vi.fn()}
      onRemove={vi.fn()}
    />,
  );
  const frame = screen.getByRole("application", { name: "Photo p.jpg: place marks" });
  frame.getBoundingClientRect = () => ({ left: 10, top: 20, width: 600, height: 400 }) as DOMRect;
  fireEvent.load(screen.getByRole("img", { name: "p.jpg" }));
  return { frame, onPlace };
}

const placed = (onPlace: ReturnType<typeof vi.fn>) =>
  (onPlace.mock.calls as [[number, number]][]).map(([[x, y]]) => [
    Number(x.toFixed(6)),
    Number(y.toFixed(6)),
  ]);

describe("PhotoStage", () => {
  it("zooms and pans with two fingers without placing a mark, then reads clicks at the new zoom", () => {
    const { frame, onPlace } = renderStage();
    const a = { pointerId: 1, pointerType: "touch" };
    const b = { pointerId: 2, pointerType: "touch" };
    fireEvent.pointerDown(frame, { ...a, clientX: 210, clientY: 220 });
    fireEvent.pointerDown(frame, { ...b, clientX: 310, clientY: 220 });
    // The fingers twice as far apart, their middle 50 px to the right: scale 0.2.
    fireEvent.pointerMove(frame, { ...b, clientX: 410, clientY: 220 });
    fireEvent.pointerUp(frame, { ...b, clientX: 410, clientY: 220 });
    fireEvent.pointerUp(frame, { ...a, clientX: 210, clientY: 220 });
    expect(onPlace).not.toHaveBeenCalled();
    // Photo pixel (1000, 2000) stayed under the fingers' middle (300, 200); (1500, 2500) is at (400, 300).
    const mouse = { pointerId: 3, pointerType: "mouse", button: 0, clientX: 410, clientY: 320 };
    fireEvent.pointerDown(frame, mouse);
    fireEvent.pointerUp(frame, mouse);
    expect(placed(onPlace)).toEqual([[1500, 2500]]);
  });

  it("zooms about the wheel's point", () => {
    const { frame, onPlace } = renderStage();
    // Twice as close about the frame's centre, photo pixel (1500, 2000).
    const wheel = new WheelEvent("wheel", { deltaY: -Math.log(2) / 0.0015, bubbles: true, cancelable: true });
    // jsdom leaves a wheel event's position out; a browser gives it.
    Object.defineProperties(wheel, { clientX: { value: 310 }, clientY: { value: 220 } });
    fireEvent(frame, wheel);
    expect(wheel.defaultPrevented).toBe(true);
    const mouse = { pointerId: 1, pointerType: "mouse", button: 0, clientX: 210, clientY: 420 };
    fireEvent.pointerDown(frame, mouse);
    fireEvent.pointerUp(frame, mouse);
    expect(placed(onPlace)).toEqual([[1000, 3000]]);
  });

  it("places a click on the photo pixel under the press, though the photo moves before the release", () => {
    const { frame, onPlace } = renderStage();
    const img = screen.getByRole("img", { name: "p.jpg" });
    const focus = vi.spyOn(frame, "focus");
    img.getBoundingClientRect = () => ({ left: 160, top: 20, width: 300, height: 400 }) as DOMRect;
    const mouse = { pointerId: 1, pointerType: "mouse", button: 0, clientX: 310, clientY: 220 };
    fireEvent.pointerDown(frame, mouse);
    // The frame took the focus without scrolling the dialog; had something moved the photo up
    // 11 px meanwhile, the mark still goes where the photo was pressed: pixel (1500, 2000).
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    img.getBoundingClientRect = () => ({ left: 160, top: 9, width: 300, height: 400 }) as DOMRect;
    frame.getBoundingClientRect = () => ({ left: 10, top: 9, width: 600, height: 400 }) as DOMRect;
    fireEvent.pointerUp(frame, mouse);
    expect(placed(onPlace)).toEqual([[1500, 2000]]);
  });

  it("places a mark from the keyboard: the arrows move a cross a screen pixel at a time, Enter sets it", async () => {
    const { frame, onPlace } = renderStage();
    frame.focus();
    await userEvent.keyboard("{ArrowRight}{ArrowDown}{ArrowDown}{Shift>}{ArrowLeft}{/Shift}{Enter}");
    expect(placed(onPlace)).toEqual([[1500 + 10 - 100, 2000 + 20]]);
  });
});
