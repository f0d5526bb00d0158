/**
 * The audit trail as evidence: each entry names people, poles, photos and teams as they were when
 * it was written (older entries: as they are now), the trail filters by person, action and day,
 * and exports as CSV with the same filters, for owners and admins of the workspace only.
 */
import path from "node:path";
import { auditListSchema, imageCreatedSchema } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { upload } from "../helpers/uploads";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { waitForOutboxMail } from "../auth/mail-helpers";
import { patchImage } from "../poles/support";
import { addMember, createTeam, get, orgPost, setActive } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);
const member = useSignedInUser(t);
const outsider = useSignedInUser(t);
let team: string;
let outsidersTeam: string;

const trail = async (who: SignedInUser, query = "") => {
  const res = await get(t, who, `/api/audit?limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json()).entries;
};

const setLabel = (who: SignedInUser, poleId: string, label: string) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/poles/${poleId}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload: { label },
  });

const rename = (who: SignedInUser, name: string) =>
  t.db.database.db.execute(sql`UPDATE "user" SET name = ${name} WHERE id = ${who.id}`);

beforeAll(async () => {
  await rename(owner, "Olga Owner");
  await rename(member, "Mel Member");
  team = await createTeam(t, owner, "North crew");
  await addMember(t, team, owner, member, "member");
  await setActive(t, member, team);
  outsidersTeam = await createTeam(t, outsider, "Other crew");
  await setActive(t, outsider, outsidersTeam);
});

describe("the audit trail's names", () => {
  it("records the creation of a team, by its creator, under the team's name", async () => {
    const created = (await trail(owner, "&action=team.create"))[0];
    expect(created).toMatchObject({ actor_id: owner.id, target_id: team, details: { name: "North crew" } });
    expect(created!.names[team]).toEqual({ kind: "team", name: "North crew" });
  });

  it("keeps the people, tags and file names as they were when the entry was written", async () => {
    const { bytes } = await makePhoto({ gps: { latitude: 46.1, longitude: 7.1 } });
    const photo = imageCreatedSchema.parse((await upload(t, member.cookie, bytes)).json()).image;
    expect((await setLabel(owner, photo.pole_id!, "P-100")).statusCode).toBe(200);
    expect((await patchImage(t, member.cookie, photo.id, { risk: "high" })).statusCode).toBe(200);
    // Renamed and relabelled since: the entries still say what was true then.
    await rename(member, "Mel Renamed");
    expect((await setLabel(owner, photo.pole_id!, "P-200")).statusCode).toBe(200);

    const entries = await trail(owner);
    const rated = entries.find(
      (e) => e.action === "image.update" && e.target_id === photo.id && "risk" in (e.details.after as object),
    )!;
    expect(rated.names[member.id]).toEqual({ kind: "person", name: "Mel Member", email: member.email });
    expect(rated.names[photo.id]).toMatchObject({ kind: "photo", name: photo.name });
    // Each labelling names the pole as it left it (newest first); the rater as named then.
    const labelled = entries.filter((e) => e.action === "pole.update" && e.target_id === photo.pole_id);
    const tag = (e: { names: Record<string, unknown> }) =>
      (e.names[photo.pole_id!] as { label: string }).label;
    expect(labelled.map(tag)).toEqual(["P-200", "P-100"]);
  });

  it("names the ids of an entry written before names were kept as they are now", async () => {
    await t.db.database.db.execute(
      sql`INSERT INTO audit_log (workspace_id, actor_id, actor_email, action, target_type, target_id, details)
          VALUES (${team}, ${member.id}, ${member.email}, 'quota.cap', 'member', ${member.id}, '{}'::jsonb)`,
    );
    const old = (await trail(owner, "&action=quota.cap"))[0]!;
    expect(old.names[member.id]).toEqual({ kind: "person", name: "Mel Renamed", email: member.email });
  });
});

describe("filters", () => {
  it("by person, action and day, and refuses a day that is no date", async () => {
    const byMember = await trail(owner, `&actor=${member.id}`);
    expect(byMember.length).toBeGreaterThan(0);
    expect(byMember.every((e) => e.actor_id === member.id)).toBe(true);
    const uploads = await trail(owner, `&actor=${member.id}&action=image.upload`);
    expect(uploads.map((e) => e.action)).toEqual(["image.upload"]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await trail(owner, `&from=${today}&to=${today}`)).length).toBe((await trail(owner)).length);
    expect(await trail(owner, "&to=2001-01-01")).toEqual([]);
    expect((await get(t, owner, "/api/audit?from=2024-02-31")).statusCode).toBe(400);
    expect((await get(t, owner, "/api/audit?from=2024-03-02&to=2024-03-01")).statusCode).toBe(400);
  });
});

describe("GET /api/audit/export", () => {
  const csv = (who: SignedInUser, query = "") => get(t, who, `/api/audit/export${query}`);
  const rows = (body: string) => body.trimEnd().split("\r\n");

  it("is the filtered trail in words, newest first", async () => {
    const res = await csv(owner, `?actor=${member.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...lines] = rows(res.body);
    expect(header).toBe("time_utc,actor,actor_email,action,target,details");
    const listed = await trail(owner, `&actor=${member.id}`);
    expect(lines).toHaveLength(listed.length);
    expect(lines.find((l) => l.includes("Photo rated"))).toContain(`Mel Member (${member.email})`);
    expect(lines.some((l) => l.includes("Photo uploaded"))).toBe(true);
  });

  it("writes user text so no spreadsheet runs it as a formula", async () => {
    await rename(member, "=SUM(1)");
    const { bytes } = await makePhoto({ gps: { latitude: 46.3, longitude: 7.3 } });
    expect((await upload(t, member.cookie, bytes)).statusCode).toBe(201);
    const line = rows((await csv(owner, "?action=image.upload")).body)[1]!;
    expect(line.split(",")[1]).toBe(`'=SUM(1) (${member.email})`);
  });

  it("is for the workspace's owners and admins: a member is refused, another team sees only its own", async () => {
    expect((await csv(member)).statusCode).toBe(403);
    const theirs = await csv(outsider);
    expect(theirs.statusCode).toBe(200);
    const lines = rows(theirs.body).slice(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Team created");
    expect(theirs.body).not.toContain(member.email);
    expect((await csv(owner, "?from=nope")).statusCode).toBe(400);
  });
});

describe("an invitation", () => {
  it("names the role it gives in its e-mail", async () => {
    const invitee = `viewer-${Date.now()}@example.test`;
    await setActive(t, owner, team);
    const res = await orgPost(t, owner, "invite-member", {
      email: invitee,
      role: "viewer",
      organizationId: team,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitForOutboxMail(path.join(t.dataDir, "mail"), invitee, "invited you");
    expect(mail.text).toContain("You are invited as Viewer.");
  });
});
