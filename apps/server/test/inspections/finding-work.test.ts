/** The work on a finding: assignment to members, the steps, work orders, extensions with a reason. */
import {
  auditListSchema,
  findingResponseSchema,
  MAX_WORK_ORDER_LENGTH,
  type Finding,
} from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { createTeamWith } from "../workspaces/support";
import { addFinding, get, send } from "./support";

const t = useTestApp({}, { today: () => "2026-06-01" });
const owner = useSignedInUser(t);
const crew = useSignedInUser(t);
const outsider = useSignedInUser(t);

let lat = 50;
/** A new open Level 2 finding in the team (observed 2026-05-01, due 2027-05-01). */
async function newFinding(): Promise<Finding> {
  const photo = await placedPhoto(t, owner.cookie, (lat += 0.01), 4.4);
  return addFinding(t, owner.cookie, photo.pole_id!, { code: "lean", level: 2, observed_on: "2026-05-01" });
}

const patch = (id: string, body: Record<string, unknown>, cookie = owner.cookie) =>
  send(t, cookie, "PATCH", `/api/findings/${id}`, body);

async function patched(id: string, body: Record<string, unknown>): Promise<Finding> {
  const res = await patch(id, body);
  expect(res.statusCode, res.body).toBe(200);
  return findingResponseSchema.parse(res.json()).finding;
}

async function auditOf(id: string) {
  const res = await get(t, owner.cookie, "/api/audit");
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema
    .parse(res.json())
    .entries.filter((e) => e.target_id === id)
    .reverse();
}

beforeAll(async () => {
  await createTeamWith(t, owner, [[crew, "member"]]);
});

describe("assigning a finding", () => {
  it("takes a member of the workspace, moves an open finding to assigned, and null unassigns", async () => {
    const f = await newFinding();
    expect(f).toMatchObject({ status: "open", assignee_id: null, work_order: null });
    const assigned = await patched(f.id, { assignee_id: crew.id, work_order: " WO-1234 " });
    expect(assigned).toMatchObject({
      status: "assigned",
      assignee_id: crew.id,
      assignee_email: crew.email,
      work_order: "WO-1234",
    });
    const started = await patched(f.id, { status: "in-progress" });
    expect(started).toMatchObject({ status: "in-progress", assignee_id: crew.id });
    const unassigned = await patched(f.id, { assignee_id: null });
    expect(unassigned).toMatchObject({ status: "open", assignee_id: null, work_order: "WO-1234" });
    const entries = await auditOf(f.id);
    expect(entries.map((e) => e.action)).toEqual([
      "finding.create",
      "finding.assign",
      "finding.assign",
      "finding.assign",
    ]);
    expect(entries[1]!.details).toMatchObject({
      before: { assignee_id: null, work_order: null, work_status: "open" },
      after: { assignee_id: crew.id, work_order: "WO-1234", work_status: "assigned" },
    });
    expect(entries[3]!.details).toMatchObject({
      before: { assignee_id: crew.id, work_status: "in-progress" },
      after: { assignee_id: null, work_status: "open" },
    });
  });

  it("refuses someone who is not a member, a user of another workspace too, with a 400", async () => {
    const f = await newFinding();
    for (const assignee_id of [outsider.id, "no-such-user"]) {
      const res = await patch(f.id, { assignee_id });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: "assignee_not_member" });
    }
    const res = await get(t, owner.cookie, `/api/findings?pole=${f.pole_id}`);
    expect(res.json<{ findings: Finding[] }>().findings[0]).toMatchObject({
      status: "open",
      assignee_id: null,
    });
  });

  it("allows only the steps of the work, each with an assignee where it needs one", async () => {
    const f = await newFinding();
    const refused = async (body: Record<string, unknown>, status: number, code: string) => {
      const res = await patch(f.id, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code });
    };
    await refused({ status: "in-progress" }, 409, "step_not_allowed");
    await refused({ status: "assigned" }, 400, "assignee_required");
    await refused({ status: "resolved" }, 400, "invalid_request");
    await patched(f.id, { assignee_id: crew.id });
    await refused({ status: "open", assignee_id: crew.id }, 400, "open_has_no_assignee");
    expect(await patched(f.id, { status: "open" })).toMatchObject({ status: "open", assignee_id: null });
    const resolved = await patched(f.id, { resolve: { action: "Replaced" } });
    expect(resolved).toMatchObject({ status: "resolved", action: "Replaced" });
    await refused({ assignee_id: crew.id }, 409, "finding_resolved");
    await refused({ status: "open" }, 409, "finding_resolved");
    await refused({ due_on: "2028-01-01", extension_reason: "Late" }, 409, "finding_resolved");
    expect(await patched(f.id, { work_order: "WO-9" })).toMatchObject({ work_order: "WO-9" });
  });

  it("keeps a work order short and answers 404 for another workspace's finding", async () => {
    const f = await newFinding();
    const long = await patch(f.id, { work_order: "x".repeat(MAX_WORK_ORDER_LENGTH + 1) });
    expect(long.statusCode, long.body).toBe(400);
    const foreign = await patch(f.id, { assignee_id: outsider.id }, outsider.cookie);
    expect(foreign.statusCode, foreign.body).toBe(404);
    const bulk = await send(t, outsider.cookie, "POST", "/api/findings/bulk", {
      ids: [f.id],
      patch: { work_order: "mine" },
    });
    expect(bulk.statusCode, bulk.body).toBe(404);
  });
});

describe("extending a due date", () => {
  it("refuses a later date without a reason and an earlier one", async () => {
    const f = await newFinding();
    const noReason = await patch(f.id, { due_on: "2027-06-01" });
    expect(noReason.statusCode, noReason.body).toBe(400);
    expect(noReason.json()).toMatchObject({ code: "extension_reason_required" });
    const earlier = await patch(f.id, { due_on: "2027-01-01", extension_reason: "Sooner" });
    expect(earlier.statusCode, earlier.body).toBe(400);
    expect(earlier.json()).toMatchObject({ code: "due_only_later" });
    const reasonAlone = await patch(f.id, { extension_reason: "Why not" });
    expect(reasonAlone.statusCode, reasonAlone.body).toBe(400);
    const res = await get(t, owner.cookie, `/api/findings?pole=${f.pole_id}`);
    expect(res.json<{ findings: Finding[] }>().findings[0]).toMatchObject({
      due_on: "2027-05-01",
      extensions: [],
    });
  });

  it("keeps the original date, every extension and its reason, on the finding and in the trail", async () => {
    const f = await newFinding();
    await patched(f.id, { due_on: "2027-08-01", extension_reason: "Outage window in August" });
    const twice = await patched(f.id, { due_on: "2027-12-01", extension_reason: "Pole on back order" });
    expect(twice).toMatchObject({
      due_on: "2027-12-01",
      original_due_on: "2027-05-01",
      extensions: [
        {
          from_due_on: "2027-05-01",
          to_due_on: "2027-08-01",
          reason: "Outage window in August",
          extended_by: owner.id,
          extended_by_email: owner.email,
          extended_on: "2026-06-01",
        },
        { from_due_on: "2027-08-01", to_due_on: "2027-12-01", reason: "Pole on back order" },
      ],
    });
    const entries = await auditOf(f.id);
    expect(entries.map((e) => e.action)).toEqual(["finding.create", "finding.extend", "finding.extend"]);
    expect(entries[2]!.details).toMatchObject({
      before: { due_on: "2027-08-01" },
      after: { due_on: "2027-12-01" },
      reason: "Pole on back order",
      original_due_on: "2027-05-01",
    });
  });

  it("applies one change to a selection or to every finding of a filter", async () => {
    const a = await newFinding();
    const b = await newFinding();
    const bulk = (body: Record<string, unknown>) => send(t, owner.cookie, "POST", "/api/findings/bulk", body);
    const byIds = await bulk({ ids: [a.id, b.id], patch: { assignee_id: crew.id, work_order: "WO-77" } });
    expect(byIds.statusCode, byIds.body).toBe(200);
    expect(byIds.json()).toEqual({ changed: 2 });
    const noReason = await bulk({ filter: { assignee: crew.id }, patch: { due_on: "2028-01-01" } });
    expect(noReason.statusCode, noReason.body).toBe(400);
    const byFilter = await bulk({
      filter: { assignee: crew.id, status: "assigned" },
      patch: { due_on: "2028-01-01", extension_reason: "Crew on storm duty" },
    });
    expect(byFilter.statusCode, byFilter.body).toBe(200);
    const mine = await get(t, crew.cookie, "/api/findings?assignee=me&status=assigned&limit=100");
    const ids = mine.json<{ findings: Finding[] }>().findings.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    for (const f of mine.json<{ findings: Finding[] }>().findings) {
      expect(f).toMatchObject({ due_on: "2028-01-01", work_order: "WO-77" });
      expect(f.extensions.at(-1)).toMatchObject({ reason: "Crew on storm duty" });
    }
    expect((await auditOf(a.id)).map((e) => e.action)).toEqual([
      "finding.create",
      "finding.assign",
      "finding.extend",
    ]);
  });
});
