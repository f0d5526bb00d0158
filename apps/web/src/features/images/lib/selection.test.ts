import { describe, expect, it } from "vitest";
import { photo } from "../../../test/records";
import { nextAfterDeletion, selectionFor, stepTimeline } from "./selection";

const spot = { latitude: 48.858844, longitude: 2.294351 };
const photos = [
  photo({ id: "late", date: "2024-03-01", ...spot }),
  photo({ id: "elsewhere", date: "2024-01-15", latitude: 48.858845, longitude: 2.294351 }),
  photo({ id: "early", date: "2023-01-01", ...spot }),
  photo({ id: "mid", date: "2023-06-30", ...spot }),
  photo({ id: "undated", date: null, ...spot }),
  photo({ id: "nowhere", latitude: null, longitude: null }),
];

describe("selectionFor", () => {
  it("builds the timeline of identical latitude and longitude, date ascending", () => {
    const s = selectionFor(photos, "mid");
    expect(s?.timeline.map((p) => p.id)).toEqual(["early", "mid", "late", "undated"]);
    expect(s?.index).toBe(1);
  });

  it("gives a photo without a position a timeline of itself", () => {
    expect(selectionFor(photos, "nowhere")?.timeline.map((p) => p.id)).toEqual(["nowhere"]);
  });

  it("is null when nothing or an unknown photo is selected", () => {
    expect(selectionFor(photos, null)).toBeNull();
    expect(selectionFor(photos, "gone")).toBeNull();
  });
});

describe("stepTimeline", () => {
  it("steps by date and holds at both ends", () => {
    const s = selectionFor(photos, "early")!;
    expect(stepTimeline(s, 1).id).toBe("mid");
    expect(stepTimeline(s, -1).id).toBe("early");
    expect(stepTimeline(selectionFor(photos, "undated")!, 1).id).toBe("undated");
  });
});

describe("nextAfterDeletion", () => {
  it("moves to the next photo of the spot, else the previous, else nothing", () => {
    expect(nextAfterDeletion(selectionFor(photos, "mid")!)?.id).toBe("late");
    expect(nextAfterDeletion(selectionFor(photos, "undated")!)?.id).toBe("late");
    expect(nextAfterDeletion(selectionFor(photos, "nowhere")!)).toBeNull();
  });
});
