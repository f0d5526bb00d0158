/** The settings form's texts → settings: codes and types one per line, numbers from the fields. */
import { describe, expect, it } from "vitest";
import { parseSettings } from "./settings-card";

const TYPES = "patrol: Patrol: 2\ndetailed: Detailed: 5";

describe("parseSettings", () => {
  it("reads 'code: description' lines, the days per level and 'code: name: years' types", () => {
    expect(
      parseSettings(
        "lean: Leaning pole\n\n top-rot : Rot at the top ",
        { 1: "3", 2: "90", 3: "700" },
        " patrol : Foot patrol : 1 \n\nintrusive: Intrusive: 12",
        10,
      ),
    ).toEqual({
      codes: [
        { code: "lean", description: "Leaning pole" },
        { code: "top-rot", description: "Rot at the top" },
      ],
      allowanceDays: { 1: 3, 2: 90, 3: 700 },
      cycleYears: 10,
      inspectionTypes: [
        { code: "patrol", name: "Foot patrol", cycleYears: 1 },
        { code: "intrusive", name: "Intrusive", cycleYears: 12 },
      ],
    });
  });

  it("refuses a code without description, a code twice, numbers out of range, a type without cycle", () => {
    const days = { 1: "7", 2: "365", 3: "1825" };
    expect(parseSettings("lean", days, TYPES, 10)).toBeNull();
    expect(parseSettings("lean: a\nlean: b", days, TYPES, 10)).toBeNull();
    expect(parseSettings("lean: a", { ...days, 1: "-1" }, TYPES, 10)).toBeNull();
    expect(parseSettings("lean: a", days, "patrol: Patrol", 10)).toBeNull();
    expect(parseSettings("lean: a", days, "patrol: Patrol: 0", 10)).toBeNull();
    expect(parseSettings("lean: a", days, `${TYPES}\npatrol: Again: 3`, 10)).toBeNull();
    expect(parseSettings("lean: a", days, "", 10)).toBeNull();
  });
});
