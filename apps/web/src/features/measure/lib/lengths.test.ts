/** Heights typed and shown in the workspace's unit, the API's metres underneath. */
import { describe, expect, it } from "vitest";
import { lengthText, parseLength } from "@poleatlas/shared";
import { formatLength, formatUncertainty, nextGraduation } from "./lengths";

const FT = 0.3048;

describe("lengths", () => {
  it("offers the next graduation: every 5 ft or every metre, the base at 0", () => {
    expect(nextGraduation(null, "feet-inches")).toBe("0 ft");
    expect(nextGraduation(10 * FT, "feet-inches")).toBe("15 ft");
    expect(nextGraduation(2, "metres")).toBe("3 m");
    expect(parseLength(lengthText(25 * FT, "feet-inches"), "feet-inches")).toBeCloseTo(25 * FT, 9);
  });

  it("shows heights and their uncertainty in the workspace's unit", () => {
    expect(formatLength(5.6896, "feet-inches")).toBe("18 ft 8 in");
    expect(formatUncertainty(0.0381, "feet-inches")).toBe("± 1.5 in");
    expect(formatLength(5.6896, "metres")).toBe("5.69 m");
    expect(formatUncertainty(0.0381, "metres")).toBe("± 0.04 m");
  });
});
