/** The photo's place in the frame: screen points to photo pixels and back, at any zoom and pan. */
import { describe, expect, it } from "vitest";
import { fitView, insidePhoto, panBy, toPhoto, toScreen, zoomAt, MAX_SCALE } from "./photo-view";

const photo = { width: 4000, height: 3000 };
const frame = { width: 800, height: 800 };

describe("photo view", () => {
  it("fits the whole photo, centred, and reads frame points as sub-pixel photo pixels", () => {
    const view = fitView(photo, frame);
    expect(view).toEqual({ scale: 0.2, x: 0, y: 100 });
    expect(toPhoto(view, [400.5, 400.1])).toEqual([2002.5, expect.closeTo(1500.5, 9)]);
    expect(toScreen(view, [2002.5, 1500.5])).toEqual([400.5, expect.closeTo(400.1, 9)]);
  });

  it("keeps the photo pixel under the wheel or pinch where it was when zooming", () => {
    const view = panBy(fitView(photo, frame), 30, -12);
    const anchor = [123.25, 456.75] as const;
    const before = toPhoto(view, anchor);
    const zoomed = zoomAt(view, 3, anchor, photo, frame);
    expect(zoomed.scale).toBeCloseTo(0.6, 12);
    const after = toPhoto(zoomed, anchor);
    expect(after[0]).toBeCloseTo(before[0], 9);
    expect(after[1]).toBeCloseTo(before[1], 9);
  });

  it("zooms no closer than four screen pixels a photo pixel, nor further out than half the frame", () => {
    const view = fitView(photo, frame);
    expect(zoomAt(view, 1000, [0, 0], photo, frame).scale).toBe(MAX_SCALE);
    expect(zoomAt(view, 0.001, [0, 0], photo, frame).scale).toBe(0.1);
  });

  it("keeps a mark on the photo", () => {
    expect(insidePhoto([-3, 3100], photo)).toEqual([0, 3000]);
  });
});
