/**
 * The pole rule where a register stands: photos taken 8-25 m from a register pole, with a compass
 * bearing, join it; without a bearing, the only register pole within 25 m; where the rule cannot
 * name one, the upload answers the candidates and the photo waits, unplaced, until a member
 * chooses (PATCH pole_id) or makes a new pole ("Not in the register"). The cameras stand where
 * the sphere's formulas put them (sight-support.ts); exiftool writes their EXIF.
 */
import {
  ASK_REACH_M,
  imageListSchema,
  imageResponseSchema,
  REGISTER_REACH_M,
  resumableUploadResultSchema,
  SIGHT_REACH_M,
} from "@poleatlas/shared";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createUpload, patch } from "../helpers/tus";
import { azimuth, destination, distance, inTempDir, type Place } from "./locate-support";
import { poleRecord } from "./import-support";
import { patched, photos, register, standing, uploaded } from "./sight-support";

const t = useTestApp();
const owner = useSignedInUser(t);
const stranger = useSignedInUser(t);

/** A fresh stretch of line per test, far from the others: poles of one test never reach another's. */
let line = 0;
const street = (): Place => ({ latitude: 40 + ++line * 0.01, longitude: -105.1 });

describe("photos taken where crews stand", () => {
  it("join the register pole from four sides at 8-25 m, aimed a little off it", async () => {
    const pole = street();
    // A neighbour 40 m along the line: behind some cameras, never in their view.
    const ids = await register(t, owner, { "SP-1": pole, "SP-2": destination(pole, 90, 40) });
    const cameras = [
      { side: 0, metres: 8, aimOff: 10 },
      { side: 90, metres: 14, aimOff: -15 },
      { side: 180, metres: 19, aimOff: 20 },
      { side: 270, metres: 25, aimOff: -8 },
    ].map(({ side, metres, aimOff }) => {
      const at = standing(pole, side, metres);
      return { at, heading: (azimuth(at, pole) + aimOff + 360) % 360 };
    });
    await inTempDir(async (dir) => {
      for (const file of await photos(dir, cameras)) {
        const answer = await uploaded(t, owner, file);
        expect(answer.image.pole_id).toBe(ids["SP-1"]);
        expect(answer.pole_candidates).toBeUndefined();
      }
    });
    const record = await poleRecord(t, owner, ids["SP-1"]!);
    expect(record.pole.photo_count).toBe(4);
  });

  it("joins the pole the camera looks at, between two poles 30 m apart", async () => {
    const west = street();
    const east = destination(west, 90, 30);
    const ids = await register(t, owner, { "MID-W": west, "MID-E": east });
    const middle = destination(west, 90, 15);
    await inTempDir(async (dir) => {
      const [toEast, toWest] = await photos(dir, [
        { at: middle, heading: azimuth(middle, east) },
        { at: middle, heading: azimuth(middle, west) },
      ]);
      expect((await uploaded(t, owner, toEast!)).image.pole_id).toBe(ids["MID-E"]);
      expect((await uploaded(t, owner, toWest!)).image.pole_id).toBe(ids["MID-W"]);
    });
  });

  it("asks between two poles without a bearing; the choice places the photo", async () => {
    const west = street();
    const east = destination(west, 90, 30);
    const ids = await register(t, owner, { "ASK-W": west, "ASK-E": east });
    const middle = destination(west, 90, 15);
    const answer = await inTempDir(async (dir) => {
      const [file] = await photos(dir, [{ at: middle, heading: null }]);
      return uploaded(t, owner, file!);
    });
    expect(answer.image.pole_id).toBeNull();
    expect(answer.image.latitude).toBeCloseTo(middle.latitude, 7);
    const candidates = answer.pole_candidates ?? [];
    expect(candidates.map((c) => c.tag).sort()).toEqual(["ASK-E", "ASK-W"]);
    for (const c of candidates) {
      expect(c.distance_m).toBeCloseTo(15, 1);
      const truth = c.tag === "ASK-E" ? east : west;
      expect(c.bearing_deg).toBeCloseTo(azimuth(middle, truth), 1);
    }
    // It waits among the unplaced photos, and GET names the candidates again.
    const unplaced = await t.app.inject({
      url: "/api/images?unplaced=true",
      headers: { cookie: owner.cookie },
    });
    expect(imageListSchema.parse(unplaced.json()).images.map((i) => i.id)).toContain(answer.image.id);
    const again = await t.app.inject({
      url: `/api/images/${answer.image.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(again.json()).toMatchObject({ pole_candidates: candidates });

    const chosen = await patched(t, owner, answer.image.id, { pole_id: ids["ASK-E"]! });
    const placed = imageResponseSchema.parse(chosen.json());
    expect(placed.image.pole_id).toBe(ids["ASK-E"]);
    expect(placed.pole_candidates).toBeUndefined();
    expect((await poleRecord(t, owner, ids["ASK-E"]!)).pole.photo_count).toBe(1);
  });

  it("makes a new pole only when chosen: 'Not in the register'", async () => {
    const west = street();
    await register(t, owner, { "NEW-W": west, "NEW-E": destination(west, 90, 30) });
    const middle = destination(west, 90, 15);
    const answer = await inTempDir(async (dir) => {
      const [file] = await photos(dir, [{ at: middle, heading: null }]);
      return uploaded(t, owner, file!);
    });
    expect(answer.image.pole_id).toBeNull();
    const made = imageResponseSchema.parse(
      (await patched(t, owner, answer.image.id, { pole_id: "new" })).json(),
    );
    const record = await poleRecord(t, owner, made.image.pole_id!);
    expect(record.pole).toMatchObject({ tag: null, source: "photo", photo_count: 1 });
    expect(distance(record.pole, middle)).toBeLessThan(0.01);
  });

  it("refuses another workspace's pole and someone else's photo with 404", async () => {
    const west = street();
    await register(t, owner, { "OWN-W": west, "OWN-E": destination(west, 90, 30) });
    const theirs = await register(t, stranger, { "THEIRS-1": destination(west, 0, 5) });
    const middle = destination(west, 90, 15);
    const answer = await inTempDir(async (dir) => {
      const [file] = await photos(dir, [{ at: middle, heading: null }]);
      return uploaded(t, owner, file!);
    });
    await patched(t, owner, answer.image.id, { pole_id: theirs["THEIRS-1"]! }, 404);
    await patched(t, owner, answer.image.id, { pole_id: randomUUID() }, 404);
    await patched(t, stranger, answer.image.id, { pole_id: theirs["THEIRS-1"]! }, 404);
    const still = await t.app.inject({
      url: `/api/images/${answer.image.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(imageResponseSchema.parse(still.json()).image.pole_id).toBeNull();
    const peek = await t.app.inject({
      url: `/api/images/${answer.image.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(peek.statusCode).toBe(404);
  });
});

describe("the resumable upload", () => {
  it("keeps the candidates in its outcome, as the multipart upload answers them", async () => {
    const west = street();
    const ids = await register(t, owner, { "TUS-W": west, "TUS-E": destination(west, 90, 30) });
    const bytes = await inTempDir(async (dir) => {
      const [file] = await photos(dir, [{ at: destination(west, 90, 15), heading: null }]);
      return readFile(file!);
    });
    const { url } = await createUpload(t, owner.cookie, bytes.length);
    expect((await patch(t, owner.cookie, url!, 0, bytes)).statusCode).toBe(204);
    const res = await t.app.inject({ url: url!, headers: { cookie: owner.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const outcome = resumableUploadResultSchema.parse(res.json());
    expect(outcome.image.pole_id).toBeNull();
    expect(outcome.pole_candidates?.map((c) => c.pole_id).sort()).toEqual(
      [ids["TUS-E"], ids["TUS-W"]].sort(),
    );
  });
});

describe("the rule's reaches, as pole-join.ts states them", () => {
  it("joins the only register pole within 25 m without a bearing, and asks just beyond", async () => {
    const pole = street();
    const ids = await register(t, owner, { "R-1": pole });
    await inTempDir(async (dir) => {
      const [inside, beyond] = await photos(dir, [
        { at: standing(pole, 200, REGISTER_REACH_M - 0.5), heading: null },
        { at: standing(pole, 20, REGISTER_REACH_M + 0.5), heading: null },
      ]);
      expect((await uploaded(t, owner, inside!)).image.pole_id).toBe(ids["R-1"]);
      const asked = await uploaded(t, owner, beyond!);
      expect(asked.image.pole_id).toBeNull();
      expect(asked.pole_candidates?.map((c) => c.pole_id)).toEqual([ids["R-1"]]);
    });
  });

  it("joins a pole in view up to 30 m, and asks beyond it or outside the view", async () => {
    const pole = street();
    const ids = await register(t, owner, { "V-1": pole });
    // 600×400 at 28 mm (35 mm terms): half the view is 32.7°, 37.7° with the compass allowance.
    const half = 37.7;
    const looking = (side: number, metres: number, off: number) => {
      const at = standing(pole, side, metres);
      return { at, heading: (azimuth(at, pole) + off + 360) % 360 };
    };
    await inTempDir(async (dir) => {
      const files = await photos(dir, [
        looking(10, SIGHT_REACH_M - 0.5, 0),
        looking(100, SIGHT_REACH_M + 0.5, 0),
        looking(190, 20, half - 1),
        looking(280, 20, half + 1),
      ]);
      const answers = [];
      for (const f of files) answers.push(await uploaded(t, owner, f));
      expect(answers.map((a) => a.image.pole_id)).toEqual([ids["V-1"], null, ids["V-1"], null]);
    });
  });

  it("keeps the photo-only rule where no register pole stands within 50 m", async () => {
    const pole = street();
    await register(t, owner, { "FAR-1": pole });
    const away = standing(pole, 45, ASK_REACH_M + 5);
    await inTempDir(async (dir) => {
      const [first, second] = await photos(dir, [
        { at: away, heading: null },
        { at: destination(away, 0, 6), heading: 90 },
      ]);
      const a = await uploaded(t, owner, first!);
      const b = await uploaded(t, owner, second!);
      expect(a.image.pole_id).not.toBeNull();
      expect(b.image.pole_id).toBe(a.image.pole_id);
    });
  });
});
