import { describe, expect, it } from "vitest";
import { dueAfterAllowance } from "./inspections";

describe("dueAfterAllowance", () => {
  it("counts an allowance of whole years in calendar years, across 29 February too", () => {
    expect(dueAfterAllowance("2024-03-10", 5 * 365)).toBe("2029-03-10");
    expect(dueAfterAllowance("2027-03-10", 365)).toBe("2028-03-10");
    expect(dueAfterAllowance("2024-01-01", 365)).toBe("2025-01-01");
    // From 29 February to the 28th where the year has none; back to the 29th in a leap year.
    expect(dueAfterAllowance("2024-02-29", 5 * 365)).toBe("2029-02-28");
    expect(dueAfterAllowance("2024-02-29", 4 * 365)).toBe("2028-02-29");
  });

  it("counts any other allowance in days", () => {
    expect(dueAfterAllowance("2024-02-25", 7)).toBe("2024-03-03");
    expect(dueAfterAllowance("2024-03-10", 0)).toBe("2024-03-10");
    expect(dueAfterAllowance("2024-03-10", 400)).toBe("2025-04-14");
  });
});
