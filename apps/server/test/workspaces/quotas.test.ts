/**
 * Storage belongs to the workspace that holds the photos: a personal workspace has the spec's
 * 50 MB, a team its pool (TEAM_QUOTA_BYTES); only instance administrators change either. A
 * team's owners and admins cap members inside the pool, and that never reaches a member's
 * personal workspace or other teams.
 */
import {
  auditListSchema,
  memberUsageListSchema,
  messages,
  storageUsageSchema,
  STORAGE_QUOTA_BYTES,
} from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { plainJpegOf, upload } from "../helpers/uploads";
import { createSignedInUser, TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { addMember, createTeam, createTeamWith, get, orgPost, setActive } from "./support";

const MB = 1024 * 1024;
const TiB = 1024 ** 4;
const TEAM_POOL = 80 * MB;
const INSTANCE_ADMIN = "root@example.test";

let shade = 0;
/** A valid JPEG of `bytes` bytes, different from every other one made here. */
async function photoOf(bytes: number) {
  shade += 1;
  return plainJpegOf(bytes, shade);
}

const put = (who: SignedInUser, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url, headers: { cookie: who.cookie, origin: TEST_ORIGIN }, payload });
const setPersonalQuota = (who: SignedInUser, userId: string, quotaBytes: number | null) =>
  put(who, `/api/admin/users/${userId}/quota`, { quotaBytes });
const setTeamQuota = (who: SignedInUser, teamId: string, quotaBytes: number | null) =>
  put(who, `/api/admin/teams/${teamId}/quota`, { quotaBytes });
const setCap = (who: SignedInUser, userId: string, capBytes: number | null) =>
  put(who, `/api/admin/members/${userId}/cap`, { capBytes });
const usage = async (who: SignedInUser) =>
  storageUsageSchema.parse((await get(t, who, "/api/storage/usage")).json());
const trail = async (who: SignedInUser) =>
  auditListSchema.parse((await get(t, who, "/api/audit?limit=100")).json()).entries;

const t = useTestApp({ ADMIN_EMAILS: INSTANCE_ADMIN, TEAM_QUOTA_BYTES: String(TEAM_POOL) });
const root = useSignedInUser(t, { email: INSTANCE_ADMIN });

describe("a team role gives no say over anyone's personal storage", () => {
  it("an attacker's own team cannot raise their second account's personal quota", async () => {
    const [attacker, second] = [await createSignedInUser(t), await createSignedInUser(t)];
    const team = await createTeam(t, attacker);
    await addMember(t, team, attacker, second, "member");
    await setActive(t, attacker, team);
    // The old way (a quota per user, set by any team's owner): refused.
    expect((await setPersonalQuota(attacker, second.id, TiB)).statusCode).toBe(403);
    // A cap is allowed, but it lives inside the team's pool only.
    expect((await setCap(attacker, second.id, TiB)).statusCode).toBe(204);
    const removed = await orgPost(t, attacker, "remove-member", {
      memberIdOrEmail: second.email,
      organizationId: team,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await usage(second)).toEqual({ usedBytes: 0, quotaBytes: STORAGE_QUOTA_BYTES });
    expect((await upload(t, second.cookie, await photoOf(51 * MB))).statusCode).toBe(413);
  });

  it("a team admin's cap of 1 byte never locks a member out of their personal workspace", async () => {
    const [owner, victim] = [await createSignedInUser(t), await createSignedInUser(t)];
    const team = await createTeam(t, owner);
    await addMember(t, team, owner, victim, "member");
    await setActive(t, owner, team);
    await setActive(t, victim, null);
    expect((await setPersonalQuota(owner, victim.id, 1)).statusCode).toBe(403);
    expect((await setCap(owner, victim.id, 1)).statusCode).toBe(204);
    // Personal: the spec's 50 MB, untouched.
    expect(await usage(victim)).toEqual({ usedBytes: 0, quotaBytes: STORAGE_QUOTA_BYTES });
    expect((await upload(t, victim.cookie, await photoOf(MB))).statusCode).toBe(201);
    // In the team the cap holds, and the refusal names it.
    await setActive(t, victim, team);
    expect(await usage(victim)).toEqual({
      usedBytes: 0,
      quotaBytes: TEAM_POOL,
      memberUsedBytes: 0,
      memberCapBytes: 1,
    });
    const refused = await upload(t, victim.cookie, await photoOf(MB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: "quota_exceeded", message: messages.quotaExceeded(0, 0) });
  });
});

describe("a team's pool", () => {
  let owner: SignedInUser;
  let a: SignedInUser;
  let b: SignedInUser;
  let team: string;

  beforeAll(async () => {
    [owner, a, b] = [await createSignedInUser(t), await createSignedInUser(t), await createSignedInUser(t)];
    team = await createTeamWith(t, owner, [
      [a, "member"],
      [b, "admin"],
    ]);
  });

  it("counts every member's photos in the team, and only those; personal stays apart", async () => {
    expect((await upload(t, a.cookie, await photoOf(2 * MB))).statusCode).toBe(201);
    expect((await upload(t, b.cookie, await photoOf(3 * MB))).statusCode).toBe(201);
    expect(await usage(a)).toEqual({ usedBytes: 5 * MB, quotaBytes: TEAM_POOL });
    await setActive(t, a, null);
    expect(await usage(a)).toEqual({ usedBytes: 0, quotaBytes: STORAGE_QUOTA_BYTES });
    expect((await upload(t, a.cookie, await photoOf(MB))).statusCode).toBe(201);
    expect((await usage(a)).usedBytes).toBe(MB);
    await setActive(t, a, team);
    expect((await usage(a)).usedBytes).toBe(5 * MB);
    const list = memberUsageListSchema.parse((await get(t, owner, "/api/admin/members")).json());
    expect(list).toMatchObject({ usedBytes: 5 * MB, quotaBytes: TEAM_POOL });
    expect(list.members.find((m) => m.user_id === a.id)).toMatchObject({
      used_bytes: 2 * MB,
      cap_bytes: null,
    });
  });

  it("is changed by instance administrators only: not by the team's owner, not for an unknown team", async () => {
    expect((await setTeamQuota(owner, team, TiB)).statusCode).toBe(403);
    expect((await setTeamQuota(b, team, TiB)).statusCode).toBe(403);
    expect((await setTeamQuota(owner, "no-such-team", TiB)).statusCode).toBe(403);
    expect((await setTeamQuota(root, "no-such-team", MB)).statusCode).toBe(404);
    expect((await setTeamQuota(root, team, 0)).statusCode).toBe(400);
    expect((await usage(a)).quotaBytes).toBe(TEAM_POOL);
    expect((await setTeamQuota(root, team, 200 * MB)).statusCode).toBe(204);
    expect((await usage(a)).quotaBytes).toBe(200 * MB);
    // Recorded in the team's own trail, with the instance administrator as actor.
    expect((await trail(owner)).find((e) => e.action === "quota.set")).toMatchObject({
      actor_id: root.id,
      target_type: "workspace",
      target_id: team,
      details: { before: { quotaBytes: TEAM_POOL }, after: { quotaBytes: 200 * MB } },
    });
    expect((await setTeamQuota(root, team, null)).statusCode).toBe(204);
    expect((await usage(a)).quotaBytes).toBe(TEAM_POOL);
  });

  it("holds under two members uploading at once: the pool is never overrun", async () => {
    const pool = 5 * MB + 3 * MB; // what is used plus room for three more 1 MB photos
    expect((await setTeamQuota(root, team, pool)).statusCode).toBe(204);
    const files = await Promise.all(Array.from({ length: 8 }, () => photoOf(MB)));
    const results = await Promise.all(
      files.map((f, i) => upload(t, (i % 2 ? a : b).cookie, f).then((r) => r.statusCode)),
    );
    expect(results.filter((s) => s === 201)).toHaveLength(3);
    expect(results.filter((s) => s !== 201).every((s) => s === 413 || s === 429)).toBe(true);
    expect((await usage(a)).usedBytes).toBe(pool);
    expect((await setTeamQuota(root, team, null)).statusCode).toBe(204);
  });

  it("caps a member inside it: their uploads stop at the cap, the others' do not", async () => {
    const members = memberUsageListSchema.parse((await get(t, owner, "/api/admin/members")).json()).members;
    const used = members.find((m) => m.user_id === a.id)!.used_bytes;
    const cap = used + MB;
    expect((await setCap(owner, a.id, cap)).statusCode).toBe(204);
    expect(await usage(a)).toMatchObject({ memberUsedBytes: used, memberCapBytes: cap });
    expect((await upload(t, a.cookie, await photoOf(MB))).statusCode).toBe(201);
    const capped = await upload(t, a.cookie, await photoOf(MB));
    expect(capped.statusCode).toBe(413);
    expect(capped.json()).toMatchObject({ message: messages.quotaExceeded(cap / MB, cap / MB) });
    expect((await upload(t, b.cookie, await photoOf(MB))).statusCode).toBe(201);
    expect((await trail(owner)).find((e) => e.action === "quota.cap")).toMatchObject({
      actor_id: owner.id,
      target_id: a.id,
      details: { email: a.email, before: { capBytes: null }, after: { capBytes: cap } },
    });
    // Removing the cap frees them again.
    expect((await setCap(b, a.id, null)).statusCode).toBe(204);
    expect(await usage(a)).not.toHaveProperty("memberCapBytes");
    expect((await upload(t, a.cookie, await photoOf(MB))).statusCode).toBe(201);
  });

  it("caps are for the team's owners and admins, on other members of the active team", async () => {
    const outsider = await createSignedInUser(t);
    expect((await setCap(a, b.id, MB)).statusCode).toBe(403); // a member
    expect((await setCap(b, owner.id, MB)).statusCode).toBe(403); // an admin, on the owner
    expect((await setCap(b, b.id, TiB)).statusCode).toBe(403); // on themselves
    expect((await setCap(b, outsider.id, MB)).statusCode).toBe(403); // someone else's id
    expect((await setCap(b, "no-such-user", MB)).statusCode).toBe(403);
    expect((await setCap(outsider, a.id, MB)).statusCode).toBe(403); // personal workspace active
    expect((await setCap(b, a.id, 0)).statusCode).toBe(400);
    await setActive(t, b, null);
    expect((await setCap(b, a.id, MB)).statusCode).toBe(403); // the team's rights only while active
    await setActive(t, b, team);
    expect((await usage(a)).memberCapBytes).toBeUndefined();
  });
});

describe("a personal workspace's quota", () => {
  it("is raised by an instance administrator only, recorded in that workspace's trail", async () => {
    const user = await createSignedInUser(t);
    expect((await setPersonalQuota(user, user.id, TiB)).statusCode).toBe(403);
    expect((await setPersonalQuota(root, "no-such-user", MB)).statusCode).toBe(404);
    expect((await setPersonalQuota(root, user.id, 75 * MB)).statusCode).toBe(204);
    expect(await usage(user)).toEqual({ usedBytes: 0, quotaBytes: 75 * MB });
    expect((await trail(user)).find((e) => e.action === "quota.set")).toMatchObject({
      actor_id: root.id,
      target_id: user.id,
      details: { before: { quotaBytes: STORAGE_QUOTA_BYTES }, after: { quotaBytes: 75 * MB } },
    });
    // It is the personal workspace's: a team the user belongs to keeps its own pool.
    const team = await createTeam(t, user);
    await setActive(t, user, team);
    expect((await usage(user)).quotaBytes).toBe(TEAM_POOL);
    await setActive(t, user, null);
    expect((await setPersonalQuota(root, user.id, null)).statusCode).toBe(204);
    expect((await usage(user)).quotaBytes).toBe(STORAGE_QUOTA_BYTES);
  });
});
