/**
 * Texts other people read (pole labels, inspection notes, team names and slugs) are stored
 * cleaned or refused: no direction overrides, escape sequences or stray line breaks, no unbounded
 * slugs, no metadata nobody reads.
 */
import { TEAM_NAME_MAX_LENGTH, workspaceTexts } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { TEST_ORIGIN } from "../helpers/users";
import { patchImage, placedPhoto } from "../poles/support";
import { orgPost } from "../workspaces/support";

let photoId: string;
let poleId: string;
const t = useTestApp();
const user = useSignedInUser(t);
const teamMaker = useSignedInUser(t);
beforeAll(async () => {
  const photo = await placedPhoto(t, user.cookie, 47.07, 15.44, "2024-06-01");
  photoId = photo.id;
  poleId = photo.pole_id!;
});

const setLabel = (label: string) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/poles/${poleId}`,
    headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    payload: { label },
  });
const storedPole = async () =>
  (
    await t.app.inject({ method: "GET", url: `/api/poles/${poleId}`, headers: { cookie: user.cookie } })
  ).json<{
    pole: { label: string };
    images: { id: string; notes: string | null }[];
  }>();

describe("pole labels", () => {
  it.each([
    ["a direction override", "P-\u202e3201", "P-3201"],
    ["an escape sequence", "P-10\u001b[31m", "P-10[31m"],
    ["line breaks and tabs", "P-1\nP-2\r\nP-3\tX", "P-1 P-2 P-3 X"],
    ["isolates and C1 controls", "\u2066P-7\u2069\u0085", "P-7"],
  ])("lose %s", async (_what, typed, stored) => {
    const res = await setLabel(typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ pole: { label: string } }>().pole.label).toBe(stored);
    expect((await storedPole()).pole.label).toBe(stored);
  });
});

describe("inspection notes", () => {
  it("keep their line breaks but lose overrides, escapes and other controls", async () => {
    const res = await patchImage(t, user.cookie, photoId, {
      notes: "Crossarm \u202ekcarc\u202c\r\nLean\u001b[2J 5°\u0007\rTag\tmissing\u2028end",
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = "Crossarm kcarc\nLean[2J 5°\nTag missing\nend";
    expect(res.json<{ image: { notes: string } }>().image.notes).toBe(expected);
    expect((await storedPole()).images.find((i) => i.id === photoId)?.notes).toBe(expected);
  });

  it("with nothing left are no notes", async () => {
    const res = await patchImage(t, user.cookie, photoId, { notes: "\u202e\u0007\n \u001b" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ image: { notes: string | null } }>().image.notes).toBeNull();
  });
});

describe("teams", () => {
  const create = (payload: Record<string, unknown>) => orgPost(t, teamMaker, "create", payload);

  it.each([
    ["100,000 characters", "a".repeat(100_000)],
    ["49 characters", "a".repeat(49)],
    ["one character", "a"],
    ["capitals", "Crew-North"],
    ["spaces", "crew north"],
    ["a slash", "crew/north"],
  ])("refuse a slug of %s", async (_what, slug) => {
    const res = await create({ name: "Crew", slug });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(workspaceTexts.teamSlugInvalid);
  });

  it("refuse metadata", async () => {
    for (const metadata of [{ note: "x".repeat(2000) }, { a: 1 }]) {
      const res = await create({ name: "Crew", slug: "crew-meta", metadata });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(workspaceTexts.teamMetadataRefused);
    }
  });

  it("refuse a name over the limit and store a clean one", async () => {
    const long = await create({ name: "N".repeat(TEAM_NAME_MAX_LENGTH + 1), slug: "crew-long" });
    expect(long.statusCode).toBe(400);
    const res = await create({ name: "  North\u202e\nCrew\u001b ", slug: "north-crew-a1b2c3" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: "North Crew", slug: "north-crew-a1b2c3" });
  });
});
