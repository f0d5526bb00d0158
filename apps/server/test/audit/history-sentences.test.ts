/**
 * The history reads as sentences, made through the real routes: a tagged pole is named by its
 * tag (not "pole without tag at …"), a finding by its code, level and pole, people by their
 * names, a visit by its type; the pole's history, the audit screen's entries and the audit CSV
 * hold no ids and no JSON.
 */
import { sql } from "drizzle-orm";
import {
  auditActionText,
  auditDetailsText,
  auditListSchema,
  auditSentence,
  auditTargetText,
  poleTagResponseSchema,
  type AuditEntry,
} from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import type { SignedInUser } from "../helpers/users";
import { addFinding, send } from "../inspections/support";
import { recordVisit } from "../inspections/visit-support";
import { imported } from "../poles/import-support";
import { createTeamWith, get } from "../workspaces/support";

const t = useTestApp({}, { today: () => "2026-06-01" });
const owner = useSignedInUser(t);
const dana = useSignedInUser(t);
const outsider = useSignedInUser(t);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
let poleId: string;

async function entries(who: SignedInUser, url: string): Promise<AuditEntry[]> {
  const res = await get(t, who, url);
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json()).entries;
}

beforeAll(async () => {
  await createTeamWith(t, owner, [[dana, "member"]], "North Crew");
  await t.db.database.db.execute(sql`UPDATE "user" SET name = 'Dana Lee' WHERE id = ${dana.id}`);
  await imported(t, owner, "tag,lat,lon\nSF-1042,37.78081,-122.408\n");
  const found = await get(t, owner, "/api/poles?tag=SF-1042");
  poleId = poleTagResponseSchema.parse(found.json()).poles[0]!.id;
  const finding = await addFinding(t, owner.cookie, poleId, {
    code: "crossarm",
    level: 2,
    observed_on: "2026-05-30",
  });
  const assigned = await send(t, owner.cookie, "PATCH", `/api/findings/${finding.id}`, {
    assignee_id: dana.id,
    work_order: "WO-12",
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const extended = await send(t, owner.cookie, "PATCH", `/api/findings/${finding.id}`, {
    due_on: "2027-07-01",
    extension_reason: "Outage window",
  });
  expect(extended.statusCode, extended.body).toBe(200);
  await recordVisit(t, dana.cookie, poleId, {
    type: "detailed",
    inspected_on: "2026-06-01",
    inspector: "A. Lineman",
  });
});

describe("the history in sentences", () => {
  it("tells the pole's findings and visits by tag, code, level, names and type", async () => {
    const list = await entries(owner, `/api/poles/${poleId}/history`);
    expect(list.map(auditSentence).filter(Boolean)).toEqual([
      "Detailed inspection of pole SF-1042 recorded for 2026-06-01: No defects found (inspector A. Lineman)",
      "Finding crossarm (Level 2) on pole SF-1042 due date extended from 2027-05-30 to 2027-07-01: Outage window",
      "Finding crossarm (Level 2) on pole SF-1042 assigned to Dana Lee, moved to Assigned, work order WO-12",
      "Finding crossarm (Level 2) on pole SF-1042 added, observed 2026-05-30, due 2027-05-30",
    ]);
    // The import names the pole by its tag too.
    for (const e of list) expect(auditTargetText(e)).not.toMatch(/without tag|finding [0-9a-f]{8}/);
  });

  it("gives the audit screen and its CSV the same words, with no ids or JSON", async () => {
    const list = await entries(owner, "/api/audit?limit=100");
    const about = list.filter((e) => e.target_type === "finding" || e.action === "visit.record");
    expect(about).toHaveLength(4);
    for (const e of about) {
      const shown = [auditActionText(e), auditTargetText(e), auditDetailsText(e)].join(" | ");
      expect(shown).not.toMatch(UUID);
      expect(shown).not.toMatch(/[{}[\]]|poleId|—\s*→/);
    }
    const assign = about.find((e) => e.action === "finding.assign")!;
    expect(auditTargetText(assign)).toBe("finding crossarm (Level 2) on pole SF-1042");
    expect(auditDetailsText(assign)).toBe("assigned to Dana Lee, moved to Assigned, work order WO-12");

    const csv = await get(t, owner, "/api/audit/export");
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.split("\r\n").filter((l) => /crossarm|inspection/.test(l));
    expect(rows).toHaveLength(4);
    // The test users' e-mails hold a uuid of their own: every other cell must not.
    for (const row of rows)
      expect(row.replaceAll(owner.email, "").replaceAll(dana.email, "")).not.toMatch(UUID);
    expect(csv.body).toContain("finding crossarm (Level 2) on pole SF-1042,");
    expect(csv.body).toContain('"assigned to Dana Lee, moved to Assigned, work order WO-12"');
    expect(csv.body).toContain("Detailed inspection recorded for 2026-06-01: No defects found");
  });

  it("keeps another workspace out of the pole's history", async () => {
    expect((await get(t, outsider, `/api/poles/${poleId}/history`)).statusCode).toBe(404);
  });
});
