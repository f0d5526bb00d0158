import { describe, expect, it } from "vitest";
import { DEFAULT_MEASURE_SETTINGS, formatLength } from "../measurements";
import { clearanceSuggestions, leanSuggestions } from "./suggestions";

describe("suggested findings", () => {
  it("names the measured and the required height in the workspace's units", () => {
    const points = [
      { kind: "communication" as const, label: "CATV", height_m: 4.5 },
      { kind: "power_conductor" as const, label: null, height_m: 9 },
    ];
    const imperial = { ...DEFAULT_MEASURE_SETTINGS, units: "feet-inches" as const };
    expect(clearanceSuggestions(points, imperial)).toEqual([
      {
        code: "clearance",
        level: 2,
        reason: 'Communication "CATV" measured at 14 ft 9 in, below the minimum of 15 ft 6 in',
      },
    ]);
    expect(clearanceSuggestions(points, DEFAULT_MEASURE_SETTINGS)[0]!.reason).toContain(
      "4.50 m, below the minimum of 4.72 m",
    );
  });

  it("suggests a lean finding above the threshold only", () => {
    expect(leanSuggestions({ degrees: 4.9, apparent: false }, DEFAULT_MEASURE_SETTINGS)).toEqual([]);
    expect(leanSuggestions({ degrees: 7.25, apparent: true }, DEFAULT_MEASURE_SETTINGS)).toEqual([
      { code: "lean", level: 2, reason: "Pole leans 7.3° across the photo (apparent), more than 5.0°" },
    ]);
  });

  it("rounds to the inch", () => {
    expect(formatLength(5.6388, "feet-inches")).toBe("18 ft 6 in");
    expect(formatLength(3.6576 - 0.01, "feet-inches")).toBe("12 ft 0 in");
  });
});
