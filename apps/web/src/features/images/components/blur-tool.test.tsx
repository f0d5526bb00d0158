import { describe, expect, it } from "vitest";
import { toPhotoBoxes } from "./blur-tool";

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
