import { describe, expect, it } from "vitest";
import type { Finding } from "@poleatlas/shared";
import { findingsCsv } from "./csv";

const finding: Finding = {
  id: "f1",
  pole_id: "p1",
  pole_tag: "P-1",
  latitude: 1.5,
  longitude: 2.5,
  region_id: "2.5,1.5",
  image_id: null,
  code: "lean",
  level: 1,
  notes: 'says "hi", then\nleaves',
  observed_on: "2026-01-01",
  due_on: "2026-01-08",
  status: "open",
  overdue: true,
  created_by: "u1",
  created_by_email: "a@b.c",
  resolved_on: null,
  resolved_by: null,
  action: "=cmd()",
  repair_image_id: null,
};

describe("findingsCsv", () => {
  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    const [head, row] = findingsCsv([finding]).split("\r\n");
    expect(head).toBe(
      "pole_tag,region_id,latitude,longitude,code,level,observed_on,due_on,status,overdue,created_by_email,resolved_on,action,notes",
    );
    expect(row).toBe(
      `P-1,"2.5,1.5",1.5,2.5,lean,1,2026-01-01,2026-01-08,open,true,a@b.c,,'=cmd(),"says ""hi"", then\nleaves"`,
    );
  });
});
