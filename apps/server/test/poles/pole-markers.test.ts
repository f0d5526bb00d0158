/**
 * GET /api/poles?region= answers the compact marker form: columns that line up, risk
 * codes, labels only where set, every pole's tag, 6 decimals, oldest first, the caller's workspace only; and the
 * photo counts it sends, kept by triggers (migration 0009), stay exact.
 */
import {
  INSPECTION_CODES,
  RISK_CODES,
  imageResponseSchema,
  poleMarkersSchema,
  poleMarkersWireSchema,
  regionKey,
  type PoleMarkers,
} from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { TEST_ORIGIN } from "../helpers/users";
import { METRES_PER_DEGREE, patchImage, placedPhoto } from "./support";

const t = useTestApp();
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);

const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

async function markers(cookie: string, region: string): Promise<PoleMarkers> {
  const res = await get(cookie, `/api/poles?region=${region}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  return poleMarkersSchema.parse(res.json());
}

describe("a region's poles in the compact form", () => {
  // Three poles 100 m apart inside one 0.1° cell, at positions with more than 6 decimals.
  const lat = 48.85661437;
  const lon = 2.35222189;
  const east = (m: number) => lon + m / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
  /** A photo is no visit: no pole has an inspection on record. */
  const NEVER = INSPECTION_CODES.indexOf("never");

  it("lines up ids, rounded positions, risk codes and counts oldest first, with labels only where set", async () => {
    const labelled = await placedPhoto(t, user.cookie, lat, lon);
    const rated = await placedPhoto(t, user.cookie, lat, east(100));
    const unrated = await placedPhoto(t, user.cookie, lat, east(200));
    // A second photo 3 m from the unrated pole joins it.
    const again = await placedPhoto(t, user.cookie, lat + 3 / METRES_PER_DEGREE, east(200));
    expect(again.pole_id).toBe(unrated.pole_id);
    expect((await patchImage(t, user.cookie, rated.id, { risk: "medium" })).statusCode).toBe(200);
    for (const [pole, payload] of [
      [labelled.pole_id, { label: 'P-10423 "Nord" ü' }],
      [rated.pole_id, { tag: 'LIV-7 "B" \\ ü' }],
    ] as const) {
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/poles/${pole}`,
        headers: { cookie: user.cookie, origin: TEST_ORIGIN },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const region = regionKey(lon, lat);
    expect(await markers(user.cookie, region)).toEqual({
      ids: [labelled.pole_id, rated.pole_id, unrated.pole_id],
      latitudes: [round6(lat), round6(lat), round6(lat)],
      longitudes: [round6(lon), round6(east(100)), round6(east(200))],
      risks: [RISK_CODES.indexOf("unrated"), RISK_CODES.indexOf("medium"), RISK_CODES.indexOf("unrated")],
      counts: [1, 1, 2],
      labels: { [labelled.pole_id!]: 'P-10423 "Nord" ü' },
      // Every pole's tag in the columns' order, "" where none: quotes and backslashes escaped.
      tags: ["", 'LIV-7 "B" \\ ü', ""],
      overdue: [0, 0, 0],
      inspections: [NEVER, NEVER, NEVER],
    });

    // Someone else (another workspace) gets nothing of it: the same region is empty for them.
    expect(await markers(stranger.cookie, region)).toEqual({
      ids: [],
      latitudes: [],
      longitudes: [],
      risks: [],
      counts: [],
      labels: {},
      tags: [],
      overdue: [],
      inspections: [],
    });
  });

  it("sends the compact form: ids as their bytes, micro-degrees from the centre, a digit a code", async () => {
    const first = await placedPhoto(t, user.cookie, -12.3456789, 130.8765432);
    const second = await placedPhoto(t, user.cookie, -12.3456789, 130.8765432 + 100 / METRES_PER_DEGREE);
    expect((await patchImage(t, user.cookie, second.id, { risk: "high" })).statusCode).toBe(200);
    const region = regionKey(130.8765432, -12.3456789);
    const res = await get(user.cookie, `/api/poles?region=${region}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = poleMarkersWireSchema.parse(res.json());
    const idHex = Buffer.from(answer.id_bytes, "base64").toString("hex");
    expect(idHex).toBe([first.pole_id, second.pole_id].map((id) => id!.replace(/-/g, "")).join(""));
    // The region's centre is -12.3, 130.9: the positions count from it in whole micro-degrees.
    expect(answer).toMatchObject({
      format: 2,
      count: 2,
      origin: { latitude: -12_300_000, longitude: 130_900_000 },
      latitudes: [-45_679, -45_679],
      longitudes: [-23_457, Math.round((130.8765432 + 100 / METRES_PER_DEGREE) * 1e6) - 130_900_000],
      risks: `${RISK_CODES.indexOf("unrated")}${RISK_CODES.indexOf("high")}`,
      counts: [1, 1],
      labels: ["", ""],
      tags: ["", ""],
      overdue: "00",
      inspections: `${NEVER}${NEVER}`,
    });
    // Another workspace's member asking for the same region gets none of it.
    const theirs = poleMarkersWireSchema.parse(
      (await get(stranger.cookie, `/api/poles?region=${region}`)).json(),
    );
    expect(theirs).toMatchObject({ count: 0, id_bytes: "", latitudes: [], risks: "", labels: [] });
  });

  it("answers an empty form for a region without poles, and 400 for an id /api/regions never gives", async () => {
    expect((await markers(user.cookie, regionKey(-70.1, -30.2))).ids).toEqual([]);
    const bad = await get(user.cookie, "/api/poles?region=1.25,2");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "invalid_region" });
  });
});

describe("the kept photo counts", () => {
  it("equal counting each pole's photos afresh after uploads, moves, deletes and a bulk SQL update", async () => {
    const a = await placedPhoto(t, user.cookie, -33.86, 151.2);
    const b = await placedPhoto(t, user.cookie, -33.86, 151.2 + 50 / METRES_PER_DEGREE);
    const c = await placedPhoto(t, user.cookie, -33.86, 151.2 + 100 / METRES_PER_DEGREE);
    expect((await patchImage(t, user.cookie, b.id, { pole_id: a.pole_id })).statusCode).toBe(200);
    const split = await patchImage(t, user.cookie, c.id, { pole_id: "new" });
    expect(split.statusCode).toBe(200);
    const ownPole = imageResponseSchema.parse(split.json()).image.pole_id;
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/images/${a.id}`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    });
    expect(del.statusCode).toBe(204);
    const db = t.db.database.db;
    // A bulk import's way: every photo of one pole moved by one statement.
    await db.execute(
      sql`UPDATE utility_pole_images SET pole_id = ${ownPole}::uuid WHERE pole_id = ${a.pole_id}::uuid`,
    );

    const rows = async (query: ReturnType<typeof sql>) =>
      (await db.execute(query)).rows.map((r) => JSON.stringify(r)).sort();
    const kept = await rows(sql`SELECT id, photo_count FROM utility_poles`);
    const fresh = await rows(sql`SELECT p.id, (SELECT count(*)::int FROM utility_pole_images i
                                               WHERE i.pole_id = p.id) AS photo_count FROM utility_poles p`);
    expect(kept.length).toBeGreaterThan(4);
    expect(kept).toEqual(fresh);
  });
});
