/**
 * Team administration: the pool and members' caps as the admin page reads them, the quota texts
 * with the real quota, and the audit trail: one entry per action, with its actor, read-only.
 * (Who may change which quota: quotas.test.ts.)
 */
import {
  auditListSchema,
  imageCreatedSchema,
  memberUsageListSchema,
  messages,
  storageUsageSchema,
  type AuditAction,
} from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAdminRepository } from "../../src/modules/admin/admin.repository";
import { useTestApp } from "../helpers/setup";
import { plainJpegOf, upload } from "../helpers/uploads";
import { createSignedInUser, TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { patchImage } from "../poles/support";
import { addMember, createTeamWith, get, orgPost, setActive } from "./support";

const MB = 1024 * 1024;
const INSTANCE_ADMIN = "root@example.test";
let owner: SignedInUser;
let admin: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;
let team: string;

/** A valid JPEG of `bytes` bytes, different from every other one made here. */
let shade = 0;
async function photoOf(bytes: number) {
  shade += 1;
  return plainJpegOf(bytes, shade);
}

const setQuota = (who: SignedInUser, url: string, quotaBytes: number) =>
  t.app.inject({
    method: "PUT",
    url,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload: { quotaBytes },
  });

const setCap = (who: SignedInUser, userId: string, capBytes: number | null) =>
  t.app.inject({
    method: "PUT",
    url: `/api/admin/members/${userId}/cap`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload: { capBytes },
  });

const usage = async (who: SignedInUser) =>
  storageUsageSchema.parse((await get(t, who, "/api/storage/usage")).json());

const t = useTestApp({ ADMIN_EMAILS: ` ${INSTANCE_ADMIN.toUpperCase()} , ops@example.test` });
beforeAll(async () => {
  [owner, admin, member, other] = await Promise.all([
    createSignedInUser(t),
    createSignedInUser(t),
    createSignedInUser(t),
    createSignedInUser(t),
  ]);
  team = await createTeamWith(t, owner, [
    [admin, "admin"],
    [member, "member"],
  ]);
});

describe("quotas", () => {
  it("the refusal names the team's pool as an instance administrator set it", async () => {
    const root = await createSignedInUser(t, { email: INSTANCE_ADMIN });
    expect((await setQuota(root, `/api/admin/teams/${team}/quota`, 2 * MB)).statusCode).toBe(204);
    const res = await upload(t, admin.cookie, await photoOf(3 * MB));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: "quota_exceeded", message: messages.quotaExceeded(0, 2) });
    expect(messages.quotaExceeded(0, 2)).toContain("of 2MB");
    expect((await usage(member)).quotaBytes).toBe(2 * MB);
    expect((await setQuota(root, `/api/admin/teams/${team}/quota`, 200 * MB)).statusCode).toBe(204);
  });

  it("an administrator's address that is not confirmed gives no power (sign-up without verification)", async () => {
    const squatter = await createSignedInUser(t, { email: "ops@example.test" });
    await t.db.database.db.execute(sql`UPDATE "user" SET email_verified = false WHERE id = ${squatter.id}`);
    const before = (await usage(other)).quotaBytes;
    expect((await setQuota(squatter, `/api/admin/users/${other.id}/quota`, 900 * MB)).statusCode).toBe(403);
    expect((await setQuota(squatter, `/api/admin/teams/${team}/quota`, 900 * MB)).statusCode).toBe(403);
    expect((await usage(other)).quotaBytes).toBe(before);
    // What the start-up warning names: this address, not the confirmed administrator's.
    const unconfirmed = await createAdminRepository(t.db.database.db).unconfirmedOf([
      INSTANCE_ADMIN,
      "ops@example.test",
    ]);
    expect(unconfirmed).toEqual(["ops@example.test"]);
  });

  it("lists the team's members with their usage in the team and caps, for admins only", async () => {
    const res = await upload(t, member.cookie, await photoOf(6 * MB));
    expect(res.statusCode, res.body).toBe(201);
    expect((await setCap(admin, member.id, 20 * MB)).statusCode).toBe(204);
    const list = memberUsageListSchema.parse((await get(t, admin, "/api/admin/members")).json());
    expect(list.members.find((m) => m.user_id === member.id)).toMatchObject({
      role: "member",
      used_bytes: 6 * MB,
      cap_bytes: 20 * MB,
    });
    expect(list).toMatchObject({ usedBytes: 6 * MB, quotaBytes: 200 * MB });
    expect(list.members.map((m) => m.user_id).sort()).toEqual([owner.id, admin.id, member.id].sort());
    expect((await get(t, member, "/api/admin/members")).statusCode).toBe(403);
  });
});

describe("the audit trail", () => {
  it("records invitations declined by the invitee and cancelled by an admin, with who did it", async () => {
    const [declines, uninvited] = [await createSignedInUser(t), await createSignedInUser(t)];
    await setActive(t, admin, team);
    const invite = async (who: SignedInUser) => {
      const res = await orgPost(t, admin, "invite-member", {
        email: who.email,
        role: "member",
        organizationId: team,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: string }>().id;
    };
    const declined = await invite(declines);
    expect((await orgPost(t, declines, "reject-invitation", { invitationId: declined })).statusCode).toBe(
      200,
    );
    const cancelled = await invite(uninvited);
    expect((await orgPost(t, admin, "cancel-invitation", { invitationId: cancelled })).statusCode).toBe(200);
    const entries = auditListSchema.parse((await get(t, owner, "/api/audit?limit=100")).json()).entries;
    expect(entries.find((e) => e.action === "member.decline")).toMatchObject({
      actor_id: declines.id,
      target_id: declined,
      details: { email: declines.email, role: "member" },
    });
    expect(entries.find((e) => e.action === "member.uninvite")).toMatchObject({
      actor_id: admin.id,
      target_id: cancelled,
      details: { email: uninvited.email },
    });
  });

  it("has an entry for every action, with the right actor, readable by owners and admins only", async () => {
    const fresh = await createSignedInUser(t);
    const { bytes } = await makePhoto({ gps: { latitude: 47.3, longitude: 8.5 } });
    const created = await upload(t, member.cookie, bytes);
    const photo = imageCreatedSchema.parse(created.json()).image;
    expect((await patchImage(t, member.cookie, photo.id, { risk: "high" })).statusCode).toBe(200);
    const label = await t.app.inject({
      method: "PATCH",
      url: `/api/poles/${photo.pole_id}`,
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
      payload: { label: "P-77" },
    });
    expect(label.statusCode).toBe(200);
    await addMember(t, team, admin, fresh, "viewer");
    const role = await orgPost(t, admin, "update-member-role", {
      memberId: await memberId(fresh),
      role: "member",
      organizationId: team,
    });
    expect(role.statusCode, role.body).toBe(200);
    const removed = await orgPost(t, owner, "remove-member", {
      memberIdOrEmail: fresh.email,
      organizationId: team,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/images/${photo.id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(del.statusCode).toBe(204);
    expect((await setCap(owner, member.id, 30 * MB)).statusCode).toBe(204);

    const entries = auditListSchema.parse((await get(t, owner, "/api/audit?limit=100")).json()).entries;
    const newest = (action: AuditAction) => entries.find((e) => e.action === action);
    expect(newest("image.delete")).toMatchObject({ actor_id: owner.id, target_id: photo.id });
    expect(newest("member.remove")).toMatchObject({ actor_id: owner.id, target_id: fresh.id });
    expect(newest("member.role")).toMatchObject({
      actor_id: admin.id,
      actor_email: admin.email,
      target_id: fresh.id,
      details: { before: { role: "viewer" }, after: { role: "member" } },
    });
    expect(newest("member.invite")).toMatchObject({ actor_id: admin.id, details: { email: fresh.email } });
    expect(newest("member.join")).toMatchObject({
      actor_id: fresh.id,
      target_id: fresh.id,
      details: { email: fresh.email, role: "viewer" },
    });
    expect(newest("pole.update")).toMatchObject({
      actor_id: admin.id,
      target_id: photo.pole_id,
      details: { before: { label: "" }, after: { label: "P-77" } },
    });
    expect(newest("image.update")).toMatchObject({
      actor_id: member.id,
      details: { before: { risk: null }, after: { risk: "high" } },
    });
    expect(newest("image.upload")).toMatchObject({ actor_id: member.id, target_id: photo.id });
    expect(newest("quota.cap")).toMatchObject({ actor_id: owner.id, target_type: "member" });
    // Newest first, and a filter by action.
    expect(entries[0]!.action).toBe("quota.cap");
    const onlyCaps = auditListSchema.parse((await get(t, admin, "/api/audit?action=quota.cap")).json());
    expect(onlyCaps.entries.length).toBeGreaterThan(0);
    expect(onlyCaps.entries.every((e) => e.action === "quota.cap")).toBe(true);
    expect((await get(t, member, "/api/audit")).statusCode).toBe(403);
  });

  it("pages with a cursor, and refuses a forged one", async () => {
    const first = auditListSchema.parse((await get(t, owner, "/api/audit?limit=2")).json());
    expect(first.entries).toHaveLength(2);
    const second = auditListSchema.parse(
      (await get(t, owner, `/api/audit?limit=2&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.entries[0]!.at <= first.entries[1]!.at).toBe(true);
    expect((await get(t, owner, "/api/audit?cursor=bm9wZQ")).statusCode).toBe(400);
    // 19 digits, past the largest bigint: refused as a cursor, not by PostgreSQL (a 500).
    const past = Buffer.from("9999999999999999999").toString("base64url");
    expect((await get(t, owner, `/api/audit?cursor=${past}`)).statusCode).toBe(400);
  });

  it("cannot be changed: no route writes it, and the table refuses updates and deletes", async () => {
    for (const method of ["PUT", "PATCH", "DELETE", "POST"] as const) {
      const res = await t.app.inject({
        method,
        url: "/api/audit",
        headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      });
      expect(res.statusCode).toBe(404);
    }
    const { pool } = t.db.database;
    await expect(pool.query("UPDATE audit_log SET actor_email = 'x'")).rejects.toThrow(/append-only/);
    await expect(pool.query("DELETE FROM audit_log")).rejects.toThrow(/append-only/);
  });
});

async function memberId(who: SignedInUser): Promise<string> {
  const res = await t.db.database.db.execute(
    sql`SELECT id FROM member WHERE user_id = ${who.id} AND organization_id = ${team}`,
  );
  return (res.rows[0] as { id: string }).id;
}
