/**
 * Text PostgreSQL cannot store (NUL, a lone UTF-16 surrogate) and values it cannot hold (year 0,
 * coordinates below the smallest normal double) are a 400 on every route, never a 500.
 */
import { messages } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { randomClientIp, TEST_ORIGIN } from "../helpers/users";
import { patchImage, placedPhoto } from "../poles/support";
import { createTeam, orgPost } from "../workspaces/support";

const NUL = "\u0000";
const LONE_SURROGATE = "\ud800";
const BAD = [
  ["NUL", `a${NUL}b`],
  ["a lone surrogate", `a${LONE_SURROGATE}b`],
] as const;

/** Creating a team makes it the session's workspace: teams are made by someone else than `user`. */
let photoId: string;
let poleId: string;
const t = useTestApp();
const user = useSignedInUser(t);
const teamMaker = useSignedInUser(t);
beforeAll(async () => {
  const photo = await placedPhoto(t, user.cookie, 48.2, 16.37, "2024-05-01");
  photoId = photo.id;
  poleId = photo.pole_id!;
});

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: user.cookie } });
const patchPole = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/poles/${poleId}`,
    headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    payload,
  });

/** A 400 in the API's error shape; the photo and pole are as they were. */
function expectRefused(res: { statusCode: number; body: string; json: () => unknown }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  const body = res.json() as { code?: unknown; message?: unknown };
  expect(typeof body.code, what).toBe("string");
  expect(typeof body.message, what).toBe("string");
}

describe("NUL and lone surrogates are refused before any handler", () => {
  it.each(BAD)("in photo notes and pole labels (%s)", async (_name, text) => {
    expectRefused(await patchImage(t, user.cookie, photoId, { notes: text }), "notes");
    expectRefused(await patchPole({ label: text }), "label");
    const pole = await get(`/api/poles/${poleId}`);
    expect(pole.json<{ pole: { label: string } }>().pole.label).toBe("");
    const image = await get(`/api/images/${photoId}`);
    expect(image.json<{ image: { notes: string | null } }>().image.notes).toBeNull();
  });

  it.each(BAD)("in ids, in the body and in the path (%s)", async (_name, text) => {
    expectRefused(await patchImage(t, user.cookie, photoId, { pole_id: text }), "pole_id");
    expectRefused(await get(`/api/images/${encodeURIComponent(NUL)}`), "image id in the path");
    expectRefused(await get(`/api/poles/${encodeURIComponent(NUL)}`), "pole id in the path");
  });

  it("in query values", async () => {
    // A lone surrogate cannot be percent-encoded as UTF-8: its bytes arrive as invalid UTF-8,
    // which the query parser does not turn into text; NUL arrives as %00.
    for (const value of ["%00", "a%00b", "%ED%A0%80"]) {
      for (const url of [
        `/api/images?region=16.4,${value}`,
        `/api/poles?region=16.4,${value}`,
        `/api/export?format=csv&region=16.4,${value}`,
        `/api/images?limit=10&cursor=${value}`,
      ]) {
        expectRefused(await get(url), url);
      }
    }
  });

  it.each(BAD)("in team names, slugs and ids sent to the team endpoints (%s)", async (_name, text) => {
    expectRefused(
      await orgPost(t, teamMaker, "create", { name: `Crew ${text}`, slug: "crew-nul-name" }),
      "name",
    );
    expectRefused(await orgPost(t, teamMaker, "create", { name: "Crew", slug: `crew-${text}` }), "slug");
    expectRefused(await orgPost(t, teamMaker, "set-active", { organizationId: text }), "set-active");
  });

  it("in a team id asked of get-full-organization", async () => {
    const full = await t.app.inject({
      method: "GET",
      url: `/api/auth/organization/get-full-organization?organizationId=a%00b`,
      headers: { cookie: teamMaker.cookie },
      remoteAddress: randomClientIp(),
    });
    expectRefused(full, "get-full-organization");
  });

  it("leaves ordinary text alone, line breaks and emoji included", async () => {
    const notes = "Crossarm cracked 🔧\nsee photo 2";
    const res = await patchImage(t, user.cookie, photoId, { notes });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ image: { notes: string } }>().image.notes).toBe(notes);
    await createTeam(t, teamMaker, "Crew ✓");
  });
});

describe("values PostgreSQL cannot hold are refused or cleaned, never a 500", () => {
  it.each([5e-324, 1e-300, -1e-310])("a coordinate that underflows (%s) is the equator", async (tiny) => {
    const res = await patchImage(t, user.cookie, photoId, { latitude: tiny, longitude: 16.37 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ image: { latitude: number } }>().image.latitude).toBe(0);
    const back = await patchImage(t, user.cookie, photoId, { latitude: 48.2, longitude: tiny });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<{ image: { latitude: number; longitude: number } }>().image).toMatchObject({
      latitude: 48.2,
      longitude: 0,
    });
  });

  it("export dates in year 0000", async () => {
    for (const q of ["from=0000-01-01", "to=0000-12-31", "from=0000-01-01&to=0000-12-31"]) {
      expectRefused(await get(`/api/export?format=csv&${q}`), q);
    }
  });

  it("a list cursor dated year 0000 is invalid_cursor", async () => {
    const forged = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString("base64url");
    const id = "0b6f1a3e-6a1e-4a5e-9b6e-0f6c1a2b3c4d";
    for (const key of [
      ["0000-01-01", "2024-05-01T10:00:00.000000Z", id],
      [null, "0000-01-01T10:00:00.000000Z", id],
    ]) {
      const res = await get(`/api/images?limit=10&cursor=${forged(key)}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code: "invalid_cursor", message: messages.invalidCursor });
    }
  });
});
