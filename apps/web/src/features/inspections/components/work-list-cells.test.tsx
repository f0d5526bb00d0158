/** What the work list's cells say of a finding's pole, in words rather than placeholders. */
import { describe, expect, it } from "vitest";
import { finding } from "../../../test/records";
import { lastVisit } from "./work-list-cells";

describe("lastVisit", () => {
  const names = new Map([["detailed", "Detailed"]]);
  it("says Never for a pole with no visit on record, the day and the type's name otherwise", () => {
    expect(lastVisit(finding({ id: "f1", pole_last_visit: null }), names)).toBe("Never");
    expect(
      lastVisit(finding({ id: "f2", pole_last_visit: { on: "2025-10-02", type: "detailed" } }), names),
    ).toBe("2025-10-02 · Detailed");
  });

  it("keeps the code of a type the settings no longer name", () => {
    const visit = { on: "2025-10-02", type: "climbing" };
    expect(lastVisit(finding({ id: "f3", pole_last_visit: visit }), names)).toBe("2025-10-02 · climbing");
  });
});
