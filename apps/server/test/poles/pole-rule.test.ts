/**
 * The pole rule: a photo joins the nearest pole of its owner within SPOT_RADIUS_METERS (10 by
 * default, great-circle distance), else starts one. Exact coordinates come in through PATCH, so
 * the distances are the ones written here.
 */
import { imageResponseSchema } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { uploadOverHttp } from "../helpers/uploads";
import { createSignedInUser } from "../helpers/users";
import { METRES_PER_DEGREE, patchImage, placedPhoto, unplacedPhoto } from "./support";

const t = useTestApp();
const user = useSignedInUser(t);

/** Two photos: the first at (lat, lon), the second `metres` north of it. */
async function pairNorth(lat: number, lon: number, metres: number) {
  const first = await placedPhoto(t, user.cookie, lat, lon);
  const second = await placedPhoto(t, user.cookie, lat + metres / METRES_PER_DEGREE, lon);
  return [first, second] as const;
}

describe("which pole a photo joins", () => {
  it.each([
    [0, true],
    [5, true],
    [9.9, true],
    [10.1, false],
    [40, false],
  ])("at %d m from a pole: same pole %s", async (metres, same) => {
    // A fresh spot per case, far from the others.
    const lat = 10 + metres;
    const [first, second] = await pairNorth(lat, 20, metres);
    expect(first.pole_id).not.toBeNull();
    expect(second.pole_id === first.pole_id).toBe(same);
  });

  it("measures across the antimeridian (8.9 m apart, 359.99992° of longitude)", async () => {
    const west = await placedPhoto(t, user.cookie, -5, 179.99996);
    const east = await placedPhoto(t, user.cookie, -5, -179.99996);
    expect(east.pole_id).toBe(west.pole_id);
  });

  it("measures near a geographic pole by distance, not by degrees of longitude", async () => {
    const lat = 89.9999; // 11.1 m from the North Pole
    const a = await placedPhoto(t, user.cookie, lat, 0);
    // 45° of longitude apart there is 8.5 m: the same pole.
    const b = await placedPhoto(t, user.cookie, lat, 45);
    // 90° apart is 15.7 m: another pole, though its latitude is the same.
    const c = await placedPhoto(t, user.cookie, lat, 90);
    expect(b.pole_id).toBe(a.pole_id);
    expect(c.pole_id).not.toBe(a.pole_id);
  });

  it("joins the nearest of two poles in range, and never another owner's", async () => {
    const other = await createSignedInUser(t);
    const theirs = await placedPhoto(t, other.cookie, 30, 30);
    const far = await placedPhoto(t, user.cookie, 30, 30 + 8 / METRES_PER_DEGREE);
    const near = await placedPhoto(t, user.cookie, 30, 30 - 8 / METRES_PER_DEGREE);
    expect(near.pole_id).not.toBe(theirs.pole_id);
    expect(far.pole_id).not.toBe(theirs.pole_id);
    // 4 m west of `near`, 12 m from `far`'s pole.
    const between = await placedPhoto(t, user.cookie, 30, 30 - 4 / METRES_PER_DEGREE);
    expect(between.pole_id).toBe(near.pole_id);
  });

  it("makes one pole of many photos placed at one spot at the same time", async () => {
    const photos = [];
    for (let i = 0; i < 8; i++) photos.push(await unplacedPhoto(t, user.cookie));
    const answers = await Promise.all(
      photos.map((p) => patchImage(t, user.cookie, p.id, { latitude: 40.5, longitude: -3.7 })),
    );
    const poles = new Set(answers.map((a) => imageResponseSchema.parse(a.json()).image.pole_id));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(poles.size).toBe(1);
  });
});

describe("parallel uploads at one spot", () => {
  it("make one pole (two users with 4 uploads in flight each: the per-user limit)", async () => {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const other = await createSignedInUser(t);
    const gps = { latitude: 48.8566, longitude: 2.3522 };
    const uploads = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const { bytes } = await makePhoto({ gps, color: { r: i * 30, g: 80, b: 160 } });
        return uploadOverHttp(base, i % 2 ? other.cookie : user.cookie, bytes, `spot-${i}.jpg`);
      }),
    );
    expect(uploads.map((u) => u.status)).toEqual(Array(8).fill(201));
    const poleOf = (i: number) => (uploads[i]!.body as { image: { pole_id: string } }).image.pole_id;
    const mine = new Set([0, 2, 4, 6].map(poleOf));
    const theirs = new Set([1, 3, 5, 7].map(poleOf));
    expect(mine.size).toBe(1);
    expect(theirs.size).toBe(1);
    expect([...mine][0]).not.toBe([...theirs][0]);
  });
});
