/** What the work list's cells say of a finding's pole, in words rather than placeholders. */
import { describe, expect, it } from "vitest";
import { finding } from "../../../test/records";
import { lastVisit } from "./work-list-cells";

describe("lastVisit", () => {
  it("says Never for a pole with no visit on record, the day and type otherwise", () => {
    expect(lastVisit(finding({ id: "f1", pole_last_visit: null }))).toBe("Never");
    expect(lastVisit(finding({ id: "f2", pole_last_visit: { on: "2025-10-02", type: "detailed" } }))).toBe(
      "2025-10-02 · detailed",
    );
  });
});
