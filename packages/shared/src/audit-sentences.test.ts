import { describe, expect, it } from "vitest";
import type { AuditEntry } from "./audit";
import { auditDetailsText, auditTargetText } from "./audit-format";
import { auditSentence } from "./audit-sentences";

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  at: "2026-11-23T10:00:00.000Z",
  actor_id: "u1",
  actor_email: "owner@example.test",
  action: "finding.assign",
  target_type: "finding",
  target_id: "f1",
  details: {},
  names: {},
  ...over,
});
const names = {
  f1: { kind: "finding", code: "crossarm", level: 2, pole: "SF-1042", latitude: 37.78, longitude: -122.4 },
  p1: { kind: "pole", label: "SF-1042", latitude: 37.78, longitude: -122.4 },
  u2: { kind: "person", name: "Dana Lee", email: "dana@example.test" },
} as const;

describe("auditSentence", () => {
  it("tells a finding's work with its code, level, pole tag and the people's names", () => {
    const assigned = entry({
      names,
      details: {
        before: { assignee_id: null, work_status: "open" },
        after: { assignee_id: "u2", work_status: "assigned" },
      },
    });
    expect(auditSentence(assigned)).toBe(
      "Finding crossarm (Level 2) on pole SF-1042 assigned to Dana Lee, moved to Assigned",
    );
    expect(auditTargetText(assigned)).toBe("finding crossarm (Level 2) on pole SF-1042");
    expect(auditDetailsText(assigned)).toBe("assigned to Dana Lee, moved to Assigned");
  });

  it("names a finding from its details where no name was kept, never by id or JSON", () => {
    const created = entry({
      action: "finding.create",
      target_id: "gone",
      names: { p1: names.p1 },
      details: {
        after: {
          poleId: "p1",
          code: "lean",
          level: 1,
          observedOn: "2026-06-01",
          dueOn: "2026-06-08",
          imageId: null,
        },
      },
    });
    expect(auditSentence(created)).toBe(
      "Finding lean (Level 1) on pole SF-1042 added, observed 2026-06-01, due 2026-06-08",
    );
    expect(auditDetailsText(created)).not.toMatch(/poleId|—|\{/);
    const resolved = entry({
      action: "finding.resolve",
      names,
      details: { before: {}, after: { resolved_on: "2026-06-02", action: "Crossarm replaced" } },
    });
    expect(auditSentence(resolved)).toBe(
      "Finding crossarm (Level 2) on pole SF-1042 resolved on 2026-06-02: Crossarm replaced",
    );
  });

  it("tells a visit by its type, the pole's tag and the result; other actions have none", () => {
    const visit = entry({
      action: "visit.record",
      target_type: "pole",
      target_id: "p1",
      names,
      details: { after: { pole_id: "p1", type: "detailed", inspectedOn: "2026-06-01", result: "findings" } },
    });
    expect(auditSentence(visit)).toBe(
      "Detailed inspection of pole SF-1042 recorded for 2026-06-01: Findings",
    );
    expect(auditDetailsText(visit)).toBe("Detailed inspection recorded for 2026-06-01: Findings");
    expect(auditSentence(entry({ action: "team.create" }))).toBeNull();
  });
});
