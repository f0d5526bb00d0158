/**
 * API keys: created for the active workspace and shown once, stored hashed, listed and revoked by
 * their user only; a key acts as its user within its scope and never above the user's role now.
 */
import {
  apiKeyListSchema,
  apiKeyTexts,
  auditActionText,
  auditActorText,
  auditDetailsText,
  auditListSchema,
  auditTargetText,
} from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unplacedPhoto } from "../poles/support";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createSignedInUser, TEST_ORIGIN } from "../helpers/users";
import { addMember, createTeam, orgPost, setActive } from "../workspaces/support";
import { createKey, keyGet, withKey } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);

const patchNotes = (key: string, id: string, notes: string) =>
  t.app.inject({ method: "PATCH", url: `/api/images/${id}`, headers: withKey(key), payload: { notes } });

const listKeys = async (cookie: string) => {
  const res = await t.app.inject({ method: "GET", url: "/api/keys", headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return apiKeyListSchema.parse(res.json()).keys;
};

describe("creating, listing and revoking", () => {
  it("shows the key once, stores only its hash, and lists it with its workspace and scope", async () => {
    const created = await createKey(t, owner, "read", "qgis laptop");
    expect(created.key).toMatch(/^pa_/);
    const stored = await t.db.database.db.execute(sql`SELECT key FROM apikey WHERE id = ${created.id}`);
    expect((stored.rows[0] as { key: string }).key).not.toContain(created.key.slice(3, 20));
    const [listed] = (await listKeys(owner.cookie)).filter((k) => k.id === created.id);
    expect(listed).toMatchObject({
      name: "qgis laptop",
      scope: "read",
      workspaceId: owner.id,
      lastUsedAt: null,
    });
    expect(JSON.stringify(await listKeys(owner.cookie))).not.toContain(created.key);

    expect((await keyGet(t, created.key, "/api/images")).statusCode).toBe(200);
    const [used] = (await listKeys(owner.cookie)).filter((k) => k.id === created.id);
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it("refuses a bad body with a 400 and creates nothing", async () => {
    const before = (await listKeys(owner.cookie)).length;
    for (const payload of [{ name: "", scope: "read" }, { name: "x", scope: "admin" }, { scope: "read" }]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/keys",
        headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await listKeys(owner.cookie)).toHaveLength(before);
  });

  it("revokes at once; someone else's key id is a 404 and keeps working", async () => {
    const other = await createSignedInUser(t);
    const theirs = await createKey(t, other, "read");
    const mine = await createKey(t, owner, "read");
    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/api/keys/${theirs.id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await keyGet(t, theirs.key, "/api/images")).statusCode).toBe(200);
    expect((await listKeys(owner.cookie)).map((k) => k.id)).not.toContain(theirs.id);

    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/keys/${mine.id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(revoked.statusCode).toBe(204);
    const after = await keyGet(t, mine.key, "/api/images");
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ message: apiKeyTexts.invalidKey });
  });
});

describe("the audit trail", () => {
  const trail = async (cookie: string) =>
    auditListSchema.parse(
      (await t.app.inject({ method: "GET", url: "/api/audit?limit=20", headers: { cookie } })).json(),
    ).entries;

  it("records who created and revoked which key, with its scope, in the key's workspace", async () => {
    const teamOwner = await createSignedInUser(t);
    const team = await createTeam(t, teamOwner);
    await setActive(t, teamOwner, team);
    const created = await createKey(t, teamOwner, "write", "nightly sync");
    // Revoked with the personal workspace open: still the team's key, so the team's trail.
    await setActive(t, teamOwner, null);
    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/keys/${created.id}`,
      headers: { cookie: teamOwner.cookie, origin: TEST_ORIGIN },
    });
    expect(revoked.statusCode).toBe(204);
    await setActive(t, teamOwner, team);
    const entries = (await trail(teamOwner.cookie)).filter((e) => e.target_id === created.id);
    expect(entries.map((e) => e.action)).toEqual(["apikey.revoke", "apikey.create"]);
    for (const e of entries) {
      expect(e.actor_id).toBe(teamOwner.id);
      expect(auditTargetText(e)).toBe("API key nightly sync");
      expect(auditDetailsText(e)).toBe("scope: write");
    }
    expect(entries.map(auditActionText)).toEqual(["API key revoked", "API key created"]);
    expect(entries.map(auditActorText).every((who) => who.includes(teamOwner.email))).toBe(true);
    await setActive(t, teamOwner, null);
    expect((await trail(teamOwner.cookie)).filter((e) => e.target_id === created.id)).toEqual([]);
  });
});

describe("verifying a key once, not on every call", () => {
  const beside = useTestApp({}, { beside: t });

  const row = async (id: string) =>
    (
      await t.db.database.db.execute(
        sql`SELECT request_count, updated_at::text AS updated_at, last_request::text AS last_request FROM apikey WHERE id = ${id}`,
      )
    ).rows[0];

  it("writes the key's row once for a layer's many pages, and still records its use", async () => {
    const { id, key } = await createKey(t, owner, "read");
    expect((await keyGet(t, key, "/ogc/collections/poles/items?limit=1")).statusCode).toBe(200);
    const first = await row(id);
    expect(first).toMatchObject({ last_request: expect.any(String) as unknown });
    for (let i = 0; i < 4; i++) {
      expect((await keyGet(t, key, "/ogc/collections/poles/items?limit=1")).statusCode).toBe(200);
    }
    expect(await row(id)).toEqual(first);
  });

  it("a key revoked through another server process stops at once in this one", async () => {
    const { id, key } = await createKey(t, owner, "read");
    expect((await keyGet(t, key, "/api/images")).statusCode).toBe(200);
    const revoked = await beside.app.inject({
      method: "DELETE",
      url: `/api/keys/${id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await keyGet(t, key, "/api/images")).statusCode).toBe(401);
  });
});

describe("sending a key", () => {
  it("works as X-API-Key, Bearer and Basic (key as password); anything else is a 401", async () => {
    const { key } = await createKey(t, owner, "read");
    for (const authorization of [`Bearer ${key}`, `Basic ${Buffer.from(`qgis:${key}`).toString("base64")}`]) {
      const res = await t.app.inject({ method: "GET", url: "/api/images", headers: { authorization } });
      expect(res.statusCode, authorization.split(" ")[0]).toBe(200);
    }
    expect((await keyGet(t, `${key}x`, "/api/images")).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/images" })).statusCode).toBe(401);
  });

  it("never stands in for a session: no key management, no session, no team switching", async () => {
    const { key } = await createKey(t, owner, "write");
    const make = await t.app.inject({
      method: "POST",
      url: "/api/keys",
      headers: withKey(key),
      payload: { name: "minted", scope: "write" },
    });
    expect(make.statusCode).toBe(401);
    expect(make.json()).toMatchObject({ message: apiKeyTexts.notWithKey });
    expect((await keyGet(t, key, "/api/keys")).statusCode).toBe(401);
    const session = await keyGet(t, key, "/api/auth/get-session");
    expect(session.body === "null" || session.json() === null).toBe(true);
    const signOut = await t.app.inject({
      method: "POST",
      url: "/api/auth/organization/create",
      headers: { ...withKey(key), origin: TEST_ORIGIN },
      payload: { name: "By key", slug: "by-key" },
    });
    expect(signOut.statusCode).toBe(401);
  });
});

describe("scope and role", () => {
  it("a read key cannot write; a write key can, and the trail says which key", async () => {
    const photo = await unplacedPhoto(t, owner.cookie);
    const read = await createKey(t, owner, "read", "reader");
    expect((await patchNotes(read.key, photo.id, "by reader")).statusCode).toBe(403);
    const write = await createKey(t, owner, "write", "work orders");
    const res = await patchNotes(write.key, photo.id, "by work orders");
    expect(res.statusCode, res.body).toBe(200);
    const trail = auditListSchema.parse(
      (
        await t.app.inject({ method: "GET", url: "/api/audit?limit=5", headers: { cookie: owner.cookie } })
      ).json(),
    );
    const entry = trail.entries.find((e) => e.target_id === photo.id && e.action === "image.update");
    expect(entry && auditActorText(entry)).toMatch(/ via API key work orders$/);
  });

  it("caps a write key at the user's current role; a removed member's key stops at once", async () => {
    const teamOwner = await createSignedInUser(t);
    const crew = await createSignedInUser(t);
    const team = await createTeam(t, teamOwner);
    await addMember(t, team, teamOwner, crew, "member");
    await setActive(t, crew, team);
    const photo = await unplacedPhoto(t, crew.cookie);
    const { key } = await createKey(t, crew, "write");
    expect((await patchNotes(key, photo.id, "as member")).statusCode).toBe(200);

    await t.db.database.db.execute(
      sql`UPDATE member SET role = 'viewer' WHERE user_id = ${crew.id} AND organization_id = ${team}`,
    );
    expect((await patchNotes(key, photo.id, "as viewer")).statusCode).toBe(403);
    expect((await keyGet(t, key, "/api/images")).statusCode).toBe(200);

    const removed = await orgPost(t, teamOwner, "remove-member", {
      memberIdOrEmail: crew.email,
      organizationId: team,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await keyGet(t, key, "/api/images")).statusCode).toBe(401);
  });

  it("serves only the key's workspace, whatever the session's active one is", async () => {
    const teamOwner = await createSignedInUser(t);
    const team = await createTeam(t, teamOwner);
    await setActive(t, teamOwner, team);
    const inTeam = await unplacedPhoto(t, teamOwner.cookie);
    await setActive(t, teamOwner, null);
    const personal = await createKey(t, teamOwner, "read");
    const res = await keyGet(t, personal.key, `/api/images/${inTeam.id}`);
    expect(res.statusCode).toBe(404);
  });

  it("finds no photo or file of another workspace of its user, where a session would", async () => {
    const teamOwner = await createSignedInUser(t);
    const team = await createTeam(t, teamOwner);
    await setActive(t, teamOwner, null);
    const { id, image_url, thumbnail_url } = await unplacedPhoto(t, teamOwner.cookie);
    await setActive(t, teamOwner, team);
    const teamKey = await createKey(t, teamOwner, "read");
    for (const path of [`/api/images/${id}/workspace`, image_url, thumbnail_url]) {
      const bySession = await t.app.inject({
        method: "GET",
        url: path,
        headers: { cookie: teamOwner.cookie },
      });
      expect(bySession.statusCode, path).toBe(200);
      const byKey = await keyGet(t, teamKey.key, path);
      expect(byKey.statusCode, path).toBe(404);
    }
  });
});

describe("rate limit", () => {
  const limited = useTestApp({ API_KEY_RATE_LIMIT_MAX: "3", API_KEY_RATE_LIMIT_WINDOW_SECONDS: "3600" });
  const user = useSignedInUser(limited);

  it("answers 429 with Retry-After once a key used its calls in the window", async () => {
    const { key } = await createKey(limited, user, "read");
    for (let i = 0; i < 3; i++) expect((await keyGet(limited, key, "/api/images")).statusCode).toBe(200);
    const over = await keyGet(limited, key, "/api/images");
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  });
});
