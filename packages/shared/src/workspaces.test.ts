import { describe, expect, it } from "vitest";
import { safeNextPath, strongestRole, teamSlug } from "./workspaces";

describe("safeNextPath", () => {
  it("keeps a path on this site", () => {
    expect(safeNextPath("/accept-invitation/abc")).toBe("/accept-invitation/abc");
    expect(safeNextPath("/map?region=1")).toBe("/map?region=1");
  });

  it.each([null, undefined, "", "map", "//evil.example/x", "/\\evil.example", "https://evil.example/"])(
    "refuses %s",
    (next) => {
      expect(safeNextPath(next)).toBeNull();
    },
  );
});

describe("teamSlug", () => {
  it("makes lower-case words with the random tail", () => {
    expect(teamSlug("  North Crew #2 ", "x7k2")).toBe("north-crew-2-x7k2");
  });

  it("falls back to 'team' when the name has no letters or digits", () => {
    expect(teamSlug("★★★", "ab12")).toBe("team-ab12");
  });
});

describe("strongestRole", () => {
  it("takes the strongest of several and never more than viewer for unknown names", () => {
    expect(strongestRole("member,admin")).toBe("admin");
    expect(strongestRole("superuser")).toBe("viewer");
  });
});
