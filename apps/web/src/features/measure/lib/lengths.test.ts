/** Heights typed and shown in the workspace's unit, the API's metres underneath. */
import { describe, expect, it } from "vitest";
import { formatLength, formatUncertainty, heightText, nextGraduation, parseHeight } from "./lengths";

const FT = 0.3048;

describe("lengths", () => {
  it("reads feet and inches the ways crews write them", () => {
    expect(parseHeight("15", "feet-inches")).toBeCloseTo(15 * FT, 9);
    expect(parseHeight("15 ft 6 in", "feet-inches")).toBeCloseTo(15.5 * FT, 9);
    expect(parseHeight(`15' 6"`, "feet-inches")).toBeCloseTo(15.5 * FT, 9);
    expect(parseHeight("18 in", "feet-inches")).toBeCloseTo(1.5 * FT, 9);
    expect(parseHeight("two", "feet-inches")).toBeNull();
  });

  it("reads metres with a point or a comma", () => {
    expect(parseHeight("4,5 m", "metres")).toBe(4.5);
    expect(parseHeight("2.25", "metres")).toBe(2.25);
    expect(parseHeight("10 ft", "metres")).toBeNull();
  });

  it("offers the next graduation: every 5 ft or every metre, the base at 0", () => {
    expect(nextGraduation(null, "feet-inches")).toBe("0 ft");
    expect(nextGraduation(10 * FT, "feet-inches")).toBe("15 ft");
    expect(nextGraduation(2, "metres")).toBe("3 m");
    expect(parseHeight(heightText(25 * FT, "feet-inches"), "feet-inches")).toBeCloseTo(25 * FT, 9);
  });

  it("shows heights and their uncertainty in the workspace's unit", () => {
    expect(formatLength(5.6896, "feet-inches")).toBe("18 ft 8 in");
    expect(formatUncertainty(0.0381, "feet-inches")).toBe("± 1.5 in");
    expect(formatLength(5.6896, "metres")).toBe("5.69 m");
    expect(formatUncertainty(0.0381, "metres")).toBe("± 0.04 m");
  });
});
