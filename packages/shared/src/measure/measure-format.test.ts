import { describe, expect, it } from "vitest";
import { formatUncertainty, leanText } from "./measure-format";

describe("a height's uncertainty", () => {
  it("rounds up to the centimetre in metres", () => {
    expect(formatUncertainty(0.0312, "metres")).toBe("± 0.04 m");
    expect(formatUncertainty(0.03, "metres")).toBe("± 0.03 m");
    expect(formatUncertainty(0.0004, "metres")).toBe("± 0.01 m");
  });

  it("rounds up to the inch in feet and inches, with feet from a foot", () => {
    expect(formatUncertainty(0.0762, "feet-inches")).toBe("± 3 in");
    expect(formatUncertainty(0.08, "feet-inches")).toBe("± 4 in");
    expect(formatUncertainty(0.001, "feet-inches")).toBe("± 1 in");
    expect(formatUncertainty(0.4, "feet-inches")).toBe("± 1 ft 4 in");
  });
});

describe("a pole's lean", () => {
  it("says the direction it leans toward, as degrees and a compass point", () => {
    expect(leanText({ degrees: 6.24, toward_deg: 135, apparent: false })).toBe("Lean 6.2° toward 135° (SE)");
    expect(leanText({ degrees: 3, toward_deg: 359.7, apparent: false })).toBe("Lean 3.0° toward 0° (N)");
  });

  it("says a lean seen in one photo is apparent, without a direction", () => {
    expect(leanText({ degrees: 4, toward_deg: null, apparent: true })).toBe("Apparent lean 4.0° in one view");
  });
});
