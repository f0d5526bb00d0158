import { describe, expect, it } from "vitest";
import type { AuditEntry } from "./audit";
import { auditActionText, auditActorText, auditDetailsText, auditTargetText } from "./audit-format";

const MB = 1024 * 1024;
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  at: "2026-11-23T10:00:00.000Z",
  actor_id: "u1",
  actor_email: "owner@example.test",
  action: "quota.set",
  target_type: "user",
  target_id: "u2",
  details: {},
  names: {},
  ...over,
});
const details = (d: Record<string, unknown>, over: Partial<AuditEntry> = {}) =>
  auditDetailsText(entry({ details: d, ...over }));

describe("auditDetailsText", () => {
  it("reads before and after as old → new, quotas in MB", () => {
    expect(details({ before: { quotaBytes: 50 * MB }, after: { quotaBytes: 200 * MB } })).toBe(
      "quota: 50 MB → 200 MB",
    );
    expect(details({ before: { risk: null }, after: { risk: "high" } })).toBe("risk: — → high");
    expect(details({ email: "a@example.test", before: { role: "viewer" }, after: { role: "member" } })).toBe(
      "role: viewer → member",
    );
  });

  it("lists plain fields, sizes in KB or MB, and nothing for no details", () => {
    expect(details({ name: "p.jpg", bytes: 3 * MB })).toBe("size: 3.0 MB");
    // A 150 KB photo is not 'size: 0 MB'.
    expect(details({ name: "q.jpg", bytes: 150 * 1024 })).toBe("size: 150 KB");
    expect(details({})).toBe("");
  });

  it("names poles and people by tag and e-mail instead of ids, and leaves the rater to the actor", () => {
    const names = {
      p1: { kind: "pole", label: "P-1", latitude: 52.52, longitude: 13.4 },
      p2: { kind: "pole", label: "", latitude: 52.5213, longitude: 13.40001 },
      u9: { kind: "person", name: "", email: "up@example.test" },
    } as const;
    expect(
      details(
        { before: { pole_id: "p1", rated_by: null }, after: { pole_id: "p2", rated_by: "u1" } },
        { names },
      ),
    ).toBe("pole: pole P-1 → pole without tag at 52.52130, 13.40001");
    expect(details({ uploaded_by: "u9", pole_id: "gone" }, { names })).toBe(
      "uploaded by: up@example.test; pole: gone",
    );
  });
});

describe("auditActionText", () => {
  const edit = (after: Record<string, unknown>) =>
    auditActionText(entry({ action: "image.update", target_type: "image", details: { before: {}, after } }));

  it("says what an edit of a photo did: moved, placed, rated, annotated", () => {
    expect(edit({ pole_id: "p2" })).toBe("Photo moved to another pole");
    expect(edit({ latitude: 1, longitude: 2, pole_id: "p3" })).toBe("Photo placed");
    expect(edit({ risk: "high", rated_by: "u1" })).toBe("Photo rated");
    expect(edit({ risk: null, rated_by: null })).toBe("Rating cleared");
    expect(edit({ notes: "x" })).toBe("Notes edited");
    expect(auditActionText(entry({ action: "team.create" }))).toBe("Team created");
  });
});

describe("auditActorText and auditTargetText", () => {
  it("name the actor and the target as they were, else by e-mail, file name or kind", () => {
    const names = {
      u1: { kind: "person", name: "Olga Owner", email: "owner@example.test" },
      u2: { kind: "person", name: "Mel", email: "m@example.test" },
      i1: { kind: "photo", name: "p.jpg" },
    } as const;
    expect(auditActorText(entry({ names }))).toBe("Olga Owner (owner@example.test)");
    expect(auditActorText(entry({}))).toBe("owner@example.test");
    expect(auditTargetText(entry({ names }))).toBe("Mel (m@example.test)");
    expect(auditTargetText(entry({}))).toBe("user u2");
    const upload = { action: "image.upload", target_type: "image", target_id: "i1" } as const;
    expect(auditTargetText(entry({ ...upload, names }))).toBe("photo p.jpg");
    expect(auditTargetText(entry({ ...upload, details: { name: "q.jpg" } }))).toBe("photo q.jpg");
    expect(auditTargetText(entry({ action: "member.invite", details: { email: "x@example.test" } }))).toBe(
      "x@example.test",
    );
  });

  it("names a quota set on the workspace itself as this workspace, not by its id", () => {
    const set = entry({ action: "quota.set", target_type: "workspace", target_id: "team-1" });
    expect(auditTargetText(set)).toBe("this workspace");
  });
});
