/** The marks as the server reads them: a lean's views with what was typed for photos lacking EXIF. */
import { describe, expect, it } from "vitest";
import { emptyMarks } from "./marks";
import { leanRequest, measurementRequest } from "./requests";

const axis = [
  [10, 900],
  [12.5, 100],
] as const;

describe("lean request", () => {
  it("sends the typed bearing and sensor width of a photo without them, and skips photos without an axis", () => {
    const marked = { ...emptyMarks(), axis: [...axis], bearing: "87,5", sensor: "6.17" };
    const request = leanRequest([
      { id: "a", name: "a.jpg", heading: null, marks: marked },
      { id: "b", name: "b.jpg", heading: 10, marks: { ...emptyMarks(), axis: [axis[0]] } },
    ]);
    expect(request).toEqual({
      body: {
        views: [
          {
            image_id: "a",
            axis: [
              [10, 900],
              [12.5, 100],
            ],
            bearing_deg: 87.5,
            sensor_width_mm: 6.17,
          },
        ],
      },
    });
  });

  it("names the photo whose typed bearing or sensor width cannot be read", () => {
    const marks = { ...emptyMarks(), axis: [...axis] };
    const photo = { id: "a", name: "a.jpg", heading: null };
    expect(leanRequest([{ ...photo, marks: { ...marks, bearing: "north" } }])).toEqual({
      error: "a.jpg: the bearing must be a number of degrees from 0 to 360",
    });
    expect(leanRequest([{ ...photo, marks: { ...marks, sensor: "0" } }])).toEqual({
      error: "a.jpg: the sensor width must be a number of millimetres above 0, up to 100",
    });
    expect(leanRequest([{ ...photo, marks: emptyMarks() }])).toHaveProperty("error");
  });
});

describe("measurement request", () => {
  it("sends the vertical lines only when both are drawn", () => {
    const marks = {
      ...emptyMarks(),
      stick: [
        { at: [5, 900] as const, height: "0 m" },
        { at: [5, 700] as const, height: "2 m" },
      ],
      points: [{ at: [5, 100] as const, kind: "neutral" as const, label: " " }],
      verticals: [[1, 1] as const, [1, 900] as const, [50, 1] as const],
    };
    const three = measurementRequest(marks, "metres");
    expect(three).not.toHaveProperty("body.verticals");
    const four = measurementRequest(
      { ...marks, verticals: [...marks.verticals, [50, 900] as const] },
      "metres",
    );
    expect(four).toHaveProperty("body.verticals", [
      [
        [1, 1],
        [1, 900],
      ],
      [
        [50, 1],
        [50, 900],
      ],
    ]);
    expect(four).toHaveProperty("body.points", [{ kind: "neutral", at: [5, 100] }]);
  });
});
