import { describe, expect, it } from "vitest";
import { finding } from "../../../test/records";
import { findingsCsv } from "./csv";

const one = finding({
  id: "f1",
  pole_id: "p1",
  pole_tag: "P-1",
  pole_circuit: "North, feeder 2",
  latitude: 1.5,
  longitude: 2.5,
  region_id: "2.5,1.5",
  notes: 'says "hi", then\nleaves',
  observed_on: "2026-01-01",
  due_on: "2026-03-01",
  original_due_on: "2026-01-08",
  extensions: [
    {
      from_due_on: "2026-01-08",
      to_due_on: "2026-03-01",
      reason: "Outage window",
      extended_by: "u1",
      extended_by_email: "a@b.c",
      extended_on: "2026-01-05",
    },
  ],
  status: "assigned",
  overdue: true,
  assignee_id: "u2",
  assignee_email: "crew@b.c",
  work_order: "WO-1",
  pole_last_visit: { on: "2025-12-01", type: "detailed" },
  created_by_email: "a@b.c",
  action: "=cmd()",
});

describe("findingsCsv", () => {
  it("names regions, carries circuit and tag, no internal ids; quotes and defuses formulas", () => {
    const csv = findingsCsv([one], (id) => (id === "2.5,1.5" ? "Region 7" : id));
    const [head, row] = csv.split("\r\n");
    expect(head).toBe(
      "pole_tag,circuit,region,latitude,longitude,code,level,observed_on,due_on,original_due_on,extension_reasons,status,overdue,assignee,work_order,last_visit_on,last_visit_type,created_by,resolved_on,action,notes",
    );
    expect(row).toBe(
      `P-1,"North, feeder 2",Region 7,1.5,2.5,lean,1,2026-01-01,2026-03-01,2026-01-08,Outage window,assigned,true,crew@b.c,WO-1,2025-12-01,detailed,a@b.c,,'=cmd(),"says ""hi"", then\nleaves"`,
    );
    for (const id of ["f1", "p1", "u2", "2.5,1.5"]) expect(csv).not.toContain(id);
  });
});
