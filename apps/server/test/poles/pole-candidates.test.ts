/**
 * GET /api/poles?ids=: the move list's candidates with their photo count and latest photo's
 * thumbnail, only of the active workspace, in the order asked.
 */
import { poleTagResponseSchema } from "@poleatlas/shared";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import type { SignedInUser } from "../helpers/users";
import { placedPhoto } from "./support";

const t = useTestApp();
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);

const candidates = (who: SignedInUser, ids: string) =>
  t.app.inject({ method: "GET", url: `/api/poles?ids=${ids}`, headers: { cookie: who.cookie } });

async function found(who: SignedInUser, ids: string[]) {
  const res = await candidates(who, ids.join(","));
  expect(res.statusCode, res.body).toBe(200);
  return poleTagResponseSchema.parse(res.json()).poles;
}

describe("the move list's candidates", () => {
  it("answers each pole's photo count and latest photo's thumbnail, in the order asked", async () => {
    const older = await placedPhoto(t, user.cookie, 47.1, 8.1, "2024-05-01");
    const newer = await placedPhoto(t, user.cookie, 47.1, 8.1, "2025-06-02");
    expect(newer.pole_id).toBe(older.pole_id);
    const lone = await placedPhoto(t, user.cookie, 47.2, 8.2, "2023-01-01");
    const hits = await found(user, [lone.pole_id!, older.pole_id!]);
    expect(hits.map((h) => h.id)).toEqual([lone.pole_id, older.pole_id]);
    expect(hits[1]).toMatchObject({ photo_count: 2, thumbnail_url: newer.thumbnail_url, latitude: 47.1 });
    expect(hits[0]).toMatchObject({ photo_count: 1, thumbnail_url: lone.thumbnail_url });
    // The thumbnail is the stored file the photo itself names, and it is served.
    const file = await t.app.inject({
      method: "GET",
      url: hits[1]!.thumbnail_url!,
      headers: { cookie: user.cookie },
    });
    expect(file.statusCode).toBe(200);
  });

  it("never answers another workspace's poles, nor unknown ids", async () => {
    const mine = await placedPhoto(t, user.cookie, 46.5, 7.5);
    expect(await found(stranger, [mine.pole_id!, randomUUID()])).toEqual([]);
    expect((await found(user, [mine.pole_id!, randomUUID()])).map((h) => h.id)).toEqual([mine.pole_id]);
  });

  it("refuses more than 50 ids, malformed ids and a second mode", async () => {
    const many = Array.from({ length: 51 }, () => randomUUID()).join(",");
    expect((await candidates(user, many)).statusCode).toBe(400);
    expect((await candidates(user, "not-a-uuid")).statusCode).toBe(400);
    const both = await t.app.inject({
      method: "GET",
      url: `/api/poles?ids=${randomUUID()}&tag=P`,
      headers: { cookie: user.cookie },
    });
    expect(both.statusCode).toBe(400);
  });
});
