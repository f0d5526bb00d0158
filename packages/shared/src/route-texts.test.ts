import { describe, expect, it } from "vitest";
import { pageTitleOf } from "./route-texts";

describe("pageTitleOf", () => {
  it("names the screen first and the product after", () => {
    expect(pageTitleOf("/work")).toBe("Work list — PoleAtlas");
    expect(pageTitleOf("/accept-invitation/abc")).toBe("Team invitation — PoleAtlas");
    expect(pageTitleOf("/map")).toBe("Map — PoleAtlas");
  });

  it("gives the product alone for a path it does not know, whatever its name", () => {
    expect(pageTitleOf("/")).toBe("PoleAtlas");
    expect(pageTitleOf("/nowhere")).toBe("PoleAtlas");
    expect(pageTitleOf("/constructor")).toBe("PoleAtlas");
    expect(pageTitleOf("/__proto__")).toBe("PoleAtlas");
  });
});
