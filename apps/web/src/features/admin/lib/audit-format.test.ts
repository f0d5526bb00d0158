import type { AuditEntry } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { auditDetailsText, auditTargetText } from "./audit-format";

const MB = 1024 * 1024;
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  at: "2026-11-23T10:00:00.000Z",
  actor_id: "u1",
  actor_email: "owner@example.test",
  action: "quota.set",
  target_type: "user",
  target_id: "u2",
  details: {},
  ...over,
});

describe("auditDetailsText", () => {
  it("reads before and after as old → new, quotas in MB", () => {
    expect(auditDetailsText({ before: { quotaBytes: 50 * MB }, after: { quotaBytes: 200 * MB } })).toBe(
      "quota: 50 MB → 200 MB",
    );
    expect(auditDetailsText({ before: { risk: null }, after: { risk: "high" } })).toBe("risk: — → high");
    expect(
      auditDetailsText({ email: "a@example.test", before: { role: "viewer" }, after: { role: "member" } }),
    ).toBe("role: viewer → member");
  });

  it("lists plain fields, sizes in MB, and nothing for no details", () => {
    expect(auditDetailsText({ name: "p.jpg", bytes: 3 * MB })).toBe("name: p.jpg; size: 3.0 MB");
    // A 150 KB photo is not 'size: 0 MB'.
    expect(auditDetailsText({ name: "q.jpg", bytes: 150 * 1024 })).toBe("name: q.jpg; size: 150 KB");
    expect(auditDetailsText({})).toBe("");
  });
});

describe("auditTargetText", () => {
  it("names the member by e-mail, the photo by name, else the id", () => {
    expect(auditTargetText(entry({}), (id) => (id === "u2" ? "m@example.test" : undefined))).toBe(
      "m@example.test",
    );
    expect(auditTargetText(entry({}), () => undefined)).toBe("u2");
    expect(
      auditTargetText(
        entry({ action: "image.upload", target_type: "image", details: { name: "p.jpg" } }),
        () => undefined,
      ),
    ).toBe("image p.jpg");
    expect(
      auditTargetText(
        entry({ action: "member.invite", details: { email: "x@example.test" } }),
        () => undefined,
      ),
    ).toBe("x@example.test");
  });

  it("names a quota set on the workspace itself as this workspace, not by its id", () => {
    const set = entry({ action: "quota.set", target_type: "workspace", target_id: "team-1" });
    expect(auditTargetText(set, () => undefined)).toBe("this workspace");
  });
});
