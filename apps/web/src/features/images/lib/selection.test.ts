import { describe, expect, it } from "vitest";
import { photo } from "../../../test/records";
import { latestPhoto, nextAfterDeletion, selectionInTimeline, stepTimeline } from "./selection";

const spot = { latitude: 48.858844, longitude: 2.294351, pole_id: "p" };
/** One pole's photos as GET /api/poles/:id could give them, in any order. */
const pole = [
  photo({ id: "late", date: "2024-03-01", ...spot }),
  photo({ id: "early", date: "2023-01-01", ...spot }),
  // 3 m away, the same pole: a pole's timeline is not only identical coordinates.
  photo({ id: "mid", date: "2023-06-30", ...spot, latitude: 48.858871 }),
  photo({ id: "undated", date: null, ...spot }),
];

describe("selectionInTimeline", () => {
  it("is the photo within its pole's photos, date ascending, undated last", () => {
    const s = selectionInTimeline(pole, "mid");
    expect(s?.timeline.map((p) => p.id)).toEqual(["early", "mid", "late", "undated"]);
    expect(s?.index).toBe(1);
    expect(s?.photo.id).toBe("mid");
  });

  it("is null when nothing is selected or the photo is not the pole's", () => {
    expect(selectionInTimeline(pole, null)).toBeNull();
    expect(selectionInTimeline(pole, "gone")).toBeNull();
    expect(selectionInTimeline([], "late")).toBeNull();
  });
});

describe("latestPhoto", () => {
  it("is the last in list order: the photo a click on the pole opens", () => {
    expect(latestPhoto(pole)?.id).toBe("undated");
    expect(latestPhoto(pole.filter((p) => p.date !== null))?.id).toBe("late");
    // Same date: created_at, then id decide.
    const a = photo({ id: "a", date: "2024-01-01", created_at: "2024-01-02T00:00:00.000000Z" });
    const b = photo({ id: "b", date: "2024-01-01", created_at: "2024-01-01T00:00:00.000000Z" });
    expect(latestPhoto([a, b])?.id).toBe("a");
    expect(latestPhoto([])).toBeUndefined();
  });
});

describe("stepTimeline", () => {
  it("steps by date and holds at both ends", () => {
    const s = selectionInTimeline(pole, "early")!;
    expect(stepTimeline(s, 1).id).toBe("mid");
    expect(stepTimeline(s, -1).id).toBe("early");
    expect(stepTimeline(selectionInTimeline(pole, "undated")!, 1).id).toBe("undated");
  });
});

describe("nextAfterDeletion", () => {
  it("moves to the next photo of the pole, else the previous, else nothing", () => {
    expect(nextAfterDeletion(selectionInTimeline(pole, "mid")!)?.id).toBe("late");
    expect(nextAfterDeletion(selectionInTimeline(pole, "undated")!)?.id).toBe("late");
    expect(nextAfterDeletion(selectionInTimeline([pole[0]!], "late")!)).toBeNull();
  });
});
