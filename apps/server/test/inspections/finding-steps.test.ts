/**
 * What the work list's row menu and bulk bar send: a PATCH naming the version it was opened on
 * (If-Match, a stale one refused with the finding as it is now), and every step, a new level and
 * a resolution to many findings at once, all of them or none.
 */
import { findingConflictSchema, findingResponseSchema, type Finding } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../helpers/users";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { createTeamWith } from "../workspaces/support";
import { addFinding, get, send } from "./support";

const t = useTestApp({}, { today: () => "2026-06-01" });
const owner = useSignedInUser(t);
const crew = useSignedInUser(t);
const outsider = useSignedInUser(t);

let lat = 40;
/** A new open Level 2 finding in the team (observed 2026-05-01). */
async function newFinding(): Promise<Finding> {
  const photo = await placedPhoto(t, owner.cookie, (lat += 0.01), 7.7);
  return addFinding(t, owner.cookie, photo.pole_id!, { code: "lean", level: 2, observed_on: "2026-05-01" });
}

const patchAt = (id: string, body: object, ifMatch: string | null, cookie = owner.cookie) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/findings/${id}`,
    headers: { cookie, origin: TEST_ORIGIN, ...(ifMatch === null ? {} : { "if-match": ifMatch }) },
    payload: body,
  });
const bulk = (body: object) => send(t, owner.cookie, "POST", "/api/findings/bulk", body);

async function now(id: string): Promise<Finding> {
  const res = await get(t, owner.cookie, `/api/findings?status=all&limit=500`);
  return res.json<{ findings: Finding[] }>().findings.find((f) => f.id === id)!;
}

beforeAll(async () => {
  await createTeamWith(t, owner, [[crew, "member"]]);
});

describe("a finding's version", () => {
  it("changes with each edit; a stale If-Match is a 412 with the finding as it is now", async () => {
    const f = await newFinding();
    expect(f.version).toBe(1);
    const first = await patchAt(f.id, { notes: "Crack at 2 m" }, '"1"');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe('"2"');
    expect(findingResponseSchema.parse(first.json()).finding).toMatchObject({
      version: 2,
      notes: "Crack at 2 m",
    });

    // A teammate still holding version 1 changes the level: refused, nothing written.
    const stale = await patchAt(f.id, { level: 1 }, '"1"', crew.cookie);
    expect(stale.statusCode, stale.body).toBe(412);
    const conflict = findingConflictSchema.parse(stale.json());
    expect(conflict.message).toBe("Someone else changed this since you opened it.");
    expect(conflict.finding).toMatchObject({ version: 2, level: 2, notes: "Crack at 2 m" });
    // Even a stale save that would change nothing is refused: the caller's view is out of date.
    expect((await patchAt(f.id, { notes: "Crack at 2 m" }, '"1"')).statusCode).toBe(412);
    expect((await patchAt(f.id, { level: 1 }, 'W/"2"')).statusCode).toBe(412);
    expect(await now(f.id)).toMatchObject({ version: 2, level: 2 });

    // Without If-Match the last write wins, as before.
    const blind = await patchAt(f.id, { level: 1 }, null);
    expect(blind.statusCode, blind.body).toBe(200);
    expect(blind.json<{ finding: Finding }>().finding).toMatchObject({ level: 1, version: 3 });
  });

  it("answers 404 to another workspace's member, whatever version is named", async () => {
    const f = await newFinding();
    const res = await patchAt(f.id, { notes: "mine" }, '"1"', outsider.cookie);
    expect(res.statusCode, res.body).toBe(404);
    expect(await now(f.id)).toMatchObject({ notes: null, version: 1 });
  });
});

describe("every step in bulk", () => {
  it("starts, sends back to open, sets a level and resolves a selection", async () => {
    const [a, b] = [await newFinding(), await newFinding()];
    const ids = [a.id, b.id];
    expect((await bulk({ ids, patch: { assignee_id: crew.id } })).statusCode).toBe(200);
    const started = await bulk({ ids, patch: { status: "in-progress" } });
    expect(started.statusCode, started.body).toBe(200);
    expect(await now(a.id)).toMatchObject({ status: "in-progress", assignee_id: crew.id });
    const open = await bulk({ ids, patch: { status: "open" } });
    expect(open.statusCode, open.body).toBe(200);
    expect(await now(b.id)).toMatchObject({ status: "open", assignee_id: null });
    const raised = await bulk({ ids, patch: { level: 1 } });
    expect(raised.statusCode, raised.body).toBe(200);
    // Level 1's allowance is 7 days from the observation.
    expect(await now(a.id)).toMatchObject({ level: 1, due_on: "2026-05-08" });
    const resolved = await bulk({
      ids,
      patch: { resolve: { action: "Pole replaced", resolved_on: "2026-05-30" } },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await now(b.id)).toMatchObject({
      status: "resolved",
      action: "Pole replaced",
      resolved_on: "2026-05-30",
    });
  });

  it("refuses what cannot be done, and changes none when one finding cannot take it", async () => {
    const [a, b] = [await newFinding(), await newFinding()];
    const photoless = await bulk({
      ids: [a.id],
      patch: { resolve: { action: "Fixed", image_id: "00000000-0000-4000-8000-000000000000" } },
    });
    expect(photoless.statusCode).toBe(400);
    expect((await bulk({ ids: [a.id], patch: { status: "resolved" } })).statusCode).toBe(400);
    const both = await bulk({
      ids: [a.id],
      patch: { level: 1, due_on: "2030-01-01", extension_reason: "x" },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json<{ message: string }>().message).toContain("one at a time");

    // b is resolved: resolving both again fails for b, and a stays open.
    expect((await bulk({ ids: [b.id], patch: { resolve: { action: "Fixed" } } })).statusCode).toBe(200);
    const again = await bulk({ ids: [a.id, b.id], patch: { resolve: { action: "Fixed" } } });
    expect(again.statusCode, again.body).toBe(409);
    expect(await now(a.id)).toMatchObject({ status: "open", action: null });
    // An open finding is assigned before its work starts.
    const unassigned = await bulk({ ids: [a.id], patch: { status: "in-progress" } });
    expect(unassigned.statusCode, unassigned.body).toBe(409);
    expect(unassigned.json<{ message: string }>().message).toBe(
      "A finding cannot go from open to in-progress.",
    );
  });
});
