/**
 * GET /api/poles/search: the search box finds poles by label in the whole active workspace, best
 * match first; another workspace's poles never match, whoever asks.
 */
import { poleSearchResponseSchema, poleTagResponseSchema, regionKey } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { addMember, createTeam, setActive } from "../workspaces/support";
import { placedPhoto } from "./support";

const t = useTestApp();
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);

const search = (who: SignedInUser, query: string) =>
  t.app.inject({ method: "GET", url: `/api/poles/search?${query}`, headers: { cookie: who.cookie } });

async function labelledPole(who: SignedInUser, label: string, latitude: number, longitude: number) {
  const photo = await placedPhoto(t, who.cookie, latitude, longitude);
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/poles/${photo.pole_id}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload: { label },
  });
  expect(res.statusCode, res.body).toBe(200);
  return photo.pole_id!;
}

async function found(who: SignedInUser, query: string) {
  const res = await search(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return poleSearchResponseSchema.parse(res.json()).poles;
}

describe("pole search", () => {
  it("finds poles of every region by label, the equal label first, with the region to open", async () => {
    const berlin = await labelledPole(user, "P-1001", 52.52, 13.405);
    const munich = await labelledPole(user, "P-10011", 48.137, 11.575);
    await labelledPole(user, "X-500", 48.2, 11.6);
    const hits = await found(user, "q=p-1001");
    expect(hits.map((h) => h.id)).toEqual([berlin, munich]);
    expect(hits[0]).toMatchObject({
      label: "P-1001",
      latitude: 52.52,
      longitude: 13.405,
      region_id: regionKey(13.405, 52.52),
      photo_count: 1,
    });
    // Inside the label, any case.
    expect((await found(user, "q=1001")).map((h) => h.label)).toEqual(["P-1001", "P-10011"]);
    expect(await found(user, "q=1001&limit=1")).toHaveLength(1);
  });

  it("takes % and _ literally", async () => {
    await labelledPole(user, "T_7", 40.1, -3.7);
    await labelledPole(user, "TX7", 40.2, -3.7);
    expect((await found(user, "q=" + encodeURIComponent("T_"))).map((h) => h.label)).toEqual(["T_7"]);
    expect(await found(user, "q=" + encodeURIComponent("%"))).toEqual([]);
  });

  it("never finds another workspace's poles, nor a team's from the personal workspace", async () => {
    await labelledPole(stranger, "S-42", 10.1, 10.1);
    expect(await found(user, "q=S-42")).toEqual([]);
    expect((await found(stranger, "q=S-42")).map((h) => h.label)).toEqual(["S-42"]);

    const team = await createTeam(t, stranger);
    await setActive(t, stranger, team);
    const teamPole = await labelledPole(stranger, "TEAM-9", 11.1, 11.1);
    expect(await found(user, "q=TEAM-9")).toEqual([]);
    // A viewer of the team finds it there, and only while the team is active.
    await addMember(t, team, stranger, user, "viewer");
    await setActive(t, user, null);
    expect(await found(user, "q=TEAM-9")).toEqual([]);
    await setActive(t, user, team);
    expect((await found(user, "q=TEAM-9")).map((h) => h.id)).toEqual([teamPole]);
    expect(await found(user, "q=P-1001")).toEqual([]);
    await setActive(t, user, null);
  });

  it("refuses an empty or overlong query and a bad limit, and asks for a session", async () => {
    for (const query of ["q=", "q=%20%20", `q=${"x".repeat(65)}`, "q=a&limit=0", "q=a&limit=21", ""]) {
      const res = await search(user, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: "invalid_request" });
    }
    const anonymous = await t.app.inject({ method: "GET", url: "/api/poles/search?q=P" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("pole search by tag", () => {
  it("finds imported poles by tag in the search box and by prefix in GET /api/poles?tag=", async () => {
    const { imported } = await import("./import-support");
    await imported(
      t,
      user,
      "tag,lat,lon,label\nSF-0001,37.7,-122.4,by the school\nSF-0002,37.71,-122.4,\nsf-0100,37.72,-122.4,\nXY-1,37.73,-122.4,\n",
    );
    const hits = await found(user, "q=sf-0001");
    expect(hits[0]).toMatchObject({ tag: "SF-0001", label: "by the school", latitude: 37.7 });

    const byTag = async (who: SignedInUser, query: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/poles?${query}`,
        headers: { cookie: who.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return poleTagResponseSchema.parse(res.json()).poles;
    };
    expect((await byTag(user, "tag=sf-0")).map((p) => p.tag)).toEqual(["SF-0001", "SF-0002", "sf-0100"]);
    expect((await byTag(user, "tag=SF-00&limit=1")).map((p) => p.tag)).toEqual(["SF-0001"]);
    expect((await byTag(user, "tag=0001")).map((p) => p.tag)).toEqual([]); // a prefix, not inside
    expect(await byTag(user, "tag=SF-")).toHaveLength(3);
    expect((await byTag(user, "tag=SF-0002"))[0]).toMatchObject({ risk: null, longitude: -122.4 });
    expect(await byTag(stranger, "tag=SF")).toEqual([]);
    for (const query of ["tag=", "tag=SF&limit=51", "tag=SF&region=1,1", ""]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/poles?${query}`,
        headers: { cookie: user.cookie },
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
