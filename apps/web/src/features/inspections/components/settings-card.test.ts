/** The settings form's texts → settings: codes one per line, numbers from the fields. */
import { describe, expect, it } from "vitest";
import { parseSettings } from "./settings-card";

describe("parseSettings", () => {
  it("reads 'code: description' lines, the days per level and the cycle", () => {
    expect(
      parseSettings("lean: Leaning pole\n\n top-rot : Rot at the top ", { 1: "3", 2: "90", 3: "700" }, "8"),
    ).toEqual({
      codes: [
        { code: "lean", description: "Leaning pole" },
        { code: "top-rot", description: "Rot at the top" },
      ],
      allowanceDays: { 1: 3, 2: 90, 3: 700 },
      cycleYears: 8,
    });
  });

  it("refuses a code without description, a code twice, and numbers out of range", () => {
    const days = { 1: "7", 2: "365", 3: "1825" };
    expect(parseSettings("lean", days, "10")).toBeNull();
    expect(parseSettings("lean: a\nlean: b", days, "10")).toBeNull();
    expect(parseSettings("lean: a", { ...days, 1: "-1" }, "10")).toBeNull();
    expect(parseSettings("lean: a", days, "0")).toBeNull();
  });
});
