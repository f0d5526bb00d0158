import { describe, expect, it } from "vitest";
import { addedSuggestions, leanFindingAdded } from "./suggested-findings";

const low = (reason: string) => ({ code: "clearance", level: 2 as const, reason });
const linked = (id: string, notes: string | null, measurement_id: string | null = "m1") => ({
  id,
  code: "clearance",
  notes,
  measurement_id,
});

describe("suggestions already added as findings", () => {
  it("counts a finding once, for the suggestion its notes name", () => {
    const suggestions = [low("CATV at 4.50 m"), low("Telco at 4.20 m")];
    expect(addedSuggestions(suggestions, [], "m1")).toEqual([false, false]);
    expect(addedSuggestions(suggestions, [linked("f1", "Telco at 4.20 m")], "m1")).toEqual([false, true]);
    // Notes edited since: the finding still answers for one suggestion, not both.
    expect(addedSuggestions(suggestions, [linked("f1", "edited")], "m1")).toEqual([true, false]);
    expect(addedSuggestions(suggestions, [linked("f1", "x"), linked("f2", "y")], "m1")).toEqual([true, true]);
  });

  it("ignores findings of another measurement or code", () => {
    const other = { ...linked("f1", "CATV at 4.50 m", "m2") };
    const lean = { ...linked("f2", "CATV at 4.50 m"), code: "lean" };
    expect(addedSuggestions([low("CATV at 4.50 m")], [other, lean], "m1")).toEqual([false]);
  });

  it("takes an open lean finding as the lean's", () => {
    const lean = { code: "lean", level: 2 as const, reason: "Pole leans 7.0°" };
    expect(leanFindingAdded(lean, [{ code: "lean", status: "open" }])).toBe(true);
    expect(leanFindingAdded(lean, [{ code: "lean", status: "resolved" }])).toBe(false);
    expect(leanFindingAdded(lean, [{ code: "clearance", status: "open" }])).toBe(false);
  });
});
