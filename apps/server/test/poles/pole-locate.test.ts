/**
 * Locating a pole from its photos' bearings through the API: photos written by exiftool and
 * uploaded, the photos the record offers, the estimate with exact data (within 0.5 m), a photo of
 * another pole left out, one ray with a measured distance, the refusals (photos turned away from
 * each other among them), and the applied move
 * (audited with the old position, the pole's position source then 'bearings').
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  auditListSchema,
  imageCreatedSchema,
  locateCandidatesSchema,
  locateResponseSchema,
  locateTexts,
  poleTimelineSchema,
  type ImageRecord,
  type LocateRequestBody,
} from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { upload } from "../helpers/uploads";
import type { SignedInUser } from "../helpers/users";
import { get } from "../workspaces/support";
import {
  azimuth,
  distance,
  exactShots,
  inTempDir,
  offset,
  POLE,
  shot,
  writeShots,
  type Shot,
} from "./locate-support";
import { placedPhoto } from "./support";

const t = useTestApp();
const user = useSignedInUser(t);
const outsider = useSignedInUser(t);

let shots: Shot[];
let photos: ImageRecord[];
/** A photo of the next pole along the street, 31 m on, aimed at it. */
let otherPole: { shot: Shot; photo: ImageRecord };
/** The pole to locate: made by a photo taken 7 m north of where it stands, without a bearing. */
let poleId: string;
let noBearing: ImageRecord;
let outsidersPhoto: ImageRecord;

async function uploadShot(who: SignedInUser, s: Shot): Promise<ImageRecord> {
  const res = await upload(t, who.cookie, await readFile(s.file), { filename: path.basename(s.file) });
  expect(res.statusCode, res.body).toBe(201);
  return imageCreatedSchema.parse(res.json()).image;
}

const locate = (who: SignedInUser, id: string, body: LocateRequestBody | Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: `/api/poles/${id}/locate`,
    headers: { cookie: who.cookie, origin: "http://localhost:8080" },
    payload: body,
  });

const marks = (list: { photo: ImageRecord; shot: Shot }[]) =>
  list.map((m) => ({ image_id: m.photo.id, x: m.shot.x }));
const exact = () => photos.map((photo, i) => ({ photo, shot: shots[i]! }));

beforeAll(async () => {
  // No faces in these photos: the scan would only cost time. The stated errors are those of the accuracy test.
  const settings = await t.app.inject({
    method: "PUT",
    url: "/api/workspace/settings",
    headers: { cookie: user.cookie, origin: "http://localhost:8080" },
    payload: { blurFaces: false, locateGpsErrorM: 3, locateCompassErrorDeg: 3 },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  expect(settings.json()).toMatchObject({ locateGpsErrorM: 3, locateCompassErrorDeg: 3 });
  await inTempDir(async (dir) => {
    shots = exactShots(dir);
    const nextPole = offset(POLE, 31, 0);
    const from = offset(POLE, 30, -8);
    otherPole = { shot: shot(path.join(dir, "other.jpg"), from, azimuth(from, nextPole) + 5), photo: null! };
    // The other pole's photo shows that pole: its mark is where that pole stands in it.
    otherPole.shot.x = 300 + ((600 * 28) / 36) * Math.tan((-5 * Math.PI) / 180);
    await writeShots(dir, [...shots, otherPole.shot]);
    photos = [];
    for (const s of shots) photos.push(await uploadShot(user, s));
    otherPole.photo = await uploadShot(user, otherPole.shot);
    const outsiders = { ...shots[0]!, file: path.join(dir, "outsider.jpg") };
    await writeShots(dir, [outsiders]);
    outsidersPhoto = await uploadShot(outsider, outsiders);
  });
  const start = offset(POLE, 0, 7);
  noBearing = await placedPhoto(t, user.cookie, start.latitude, start.longitude, "2026-05-04");
  poleId = noBearing.pole_id!;
});

describe("POST /api/poles/:id/locate", () => {
  it("places a photo's pole by its GPS, and one placed by hand as manual", async () => {
    const byGps = poleTimelineSchema.parse((await get(t, user, `/api/poles/${photos[0]!.pole_id}`)).json());
    expect(byGps.pole.position_source).toBe("gps");
    const byHand = poleTimelineSchema.parse((await get(t, user, `/api/poles/${poleId}`)).json());
    expect(byHand.pole.position_source).toBe("manual");
  });

  it("keeps each upload's lens and bearing", () => {
    expect(photos[0]!.heading).toBeCloseTo(shots[0]!.heading, 5);
    expect(photos[0]!.metadata.optics).toEqual({
      width: 600,
      height: 400,
      focalLength35mm: 28,
      focalLengthMm: null,
      sensorWidthMm: null,
    });
  });

  it("offers the pole's photos and those within 30 m, saying which can be used", async () => {
    const res = await get(t, user, `/api/poles/${poleId}/locate/candidates`);
    expect(res.statusCode, res.body).toBe(200);
    const { photos: offered } = locateCandidatesSchema.parse(res.json());
    expect(offered.map((c) => c.image.id).sort()).toEqual([noBearing.id, ...photos.map((p) => p.id)].sort());
    const own = offered.find((c) => c.image.id === noBearing.id)!;
    expect(own).toMatchObject({ usable: false, bearing_deg: null, distance_m: 0 });
    expect(own.reason).toMatch(/compass bearing/);
    const first = offered.find((c) => c.image.id === photos[0]!.id)!;
    expect(first).toMatchObject({ usable: true, reason: null });
    expect(first.distance_m).toBeCloseTo(distance(shots[0]!, offset(POLE, 0, 7)), 0);
  });

  it("meets exact rays within half a metre of the pole, without moving it", async () => {
    const res = await locate(user, poleId, { marks: marks(exact()) });
    expect(res.statusCode, res.body).toBe(200);
    const { estimate, applied } = locateResponseSchema.parse(res.json());
    expect(applied).toBe(false);
    expect(distance(estimate, POLE)).toBeLessThan(0.5);
    expect(estimate.rays.map((r) => r.used)).toEqual([true, true, true, true]);
    expect(estimate.left_out).toEqual([]);
    expect(estimate.uncertainty_m).toBeGreaterThan(0);
    expect(estimate.rays[0]!.bearing_deg).toBeCloseTo(azimuth(shots[0]!, POLE), 1);
    expect(estimate.moved_m).toBeCloseTo(7, 0);
    const pole = poleTimelineSchema.parse((await get(t, user, `/api/poles/${poleId}`)).json()).pole;
    expect(pole.position_source).toBe("manual");
    expect(distance(pole, POLE)).toBeCloseTo(7, 3);
  });

  it("leaves out a photo of another pole and says so", async () => {
    const res = await locate(user, poleId, { marks: marks([...exact(), otherPole]) });
    expect(res.statusCode, res.body).toBe(200);
    const { estimate } = locateResponseSchema.parse(res.json());
    expect(estimate.left_out).toEqual([{ image_id: otherPole.photo.id, reason: locateTexts.leftOutFar }]);
    expect(estimate.rays.find((r) => r.image_id === otherPole.photo.id)).toMatchObject({ used: false });
    expect(distance(estimate, POLE)).toBeLessThan(0.5);
  });

  it("places the pole from one photo with the measured distance", async () => {
    const one = exact()[1]!;
    const distance_m = distance(one.shot, POLE);
    const res = await locate(user, poleId, {
      marks: [{ image_id: one.photo.id, x: one.shot.x, distance_m }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(distance(locateResponseSchema.parse(res.json()).estimate, POLE)).toBeLessThan(0.5);
  });

  it("refuses one ray alone, a photo without a bearing, a mark outside the photo and a photo twice", async () => {
    const lone = await locate(user, poleId, { marks: marks(exact().slice(0, 1)) });
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toMatchObject({ code: "too_few_rays" });

    const bare = await locate(user, poleId, {
      marks: [...marks(exact()), { image_id: noBearing.id, x: 10 }],
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: "photo_not_locatable", photos: [{ image_id: noBearing.id }] });
    expect(bare.json<{ message: string }>().message).toContain(
      `${noBearing.name}: it has no compass bearing`,
    );

    const outside = await locate(user, poleId, {
      marks: [{ image_id: photos[0]!.id, x: 601 }, ...marks(exact()).slice(1)],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ code: "mark_outside" });

    const twice = await locate(user, poleId, { marks: [...marks(exact()), marks(exact())[0]!] });
    expect(twice.statusCode).toBe(400);
  });

  it("refuses photos turned away from each other: no point in front of both fits their rays", async () => {
    // Two cameras 19 m apart, each looking 60° out from north: their rays' lines cross behind them.
    const away = await inTempDir(async (dir) => {
      const [west, east] = [offset(POLE, -9.5, -8), offset(POLE, 9.5, -8)];
      const pair = [shot(path.join(dir, "west.jpg"), west, 300), shot(path.join(dir, "east.jpg"), east, 60)];
      await writeShots(dir, pair);
      const uploaded = [];
      for (const s of pair) uploaded.push({ photo: await uploadShot(user, s), shot: { ...s, x: 300 } });
      return uploaded;
    });
    const res = await locate(user, poleId, { marks: marks(away) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: "rays_behind", message: locateTexts.behind });
  });

  it("answers 404 for another workspace's pole or photo", async () => {
    const theirs = await locate(outsider, poleId, { marks: [{ image_id: outsidersPhoto.id, x: 300 }] });
    expect(theirs.statusCode).toBe(404);
    const theirPhoto = await locate(user, poleId, {
      marks: [...marks(exact()).slice(1), { image_id: outsidersPhoto.id, x: 300 }],
    });
    expect(theirPhoto.statusCode).toBe(404);
    expect((await get(t, outsider, `/api/poles/${poleId}/locate/candidates`)).statusCode).toBe(404);
  });

  it("reads the lens of a photo stored before uploads kept it, from its file, once", async () => {
    const old = photos[2]!.id;
    const optics = async () => {
      const { rows } = await t.db.database.db.execute(
        sql`SELECT metadata->'optics' AS optics FROM utility_pole_images WHERE id = ${old}::uuid`,
      );
      return (rows[0] as { optics: unknown }).optics;
    };
    await t.db.database.db.execute(
      sql`UPDATE utility_pole_images SET metadata = metadata - 'optics' WHERE id = ${old}::uuid`,
    );
    expect(await optics()).toBeNull();
    const res = await locate(user, poleId, { marks: marks(exact()) });
    expect(res.statusCode, res.body).toBe(200);
    expect(distance(locateResponseSchema.parse(res.json()).estimate, POLE)).toBeLessThan(0.5);
    expect(await optics()).toEqual(photos[2]!.metadata.optics);
  });

  it("moves the pole when applied, audited with where it stood", async () => {
    const before = poleTimelineSchema.parse((await get(t, user, `/api/poles/${poleId}`)).json()).pole;
    const res = await locate(user, poleId, { marks: marks(exact()), apply: true });
    expect(res.statusCode, res.body).toBe(200);
    const { estimate, applied } = locateResponseSchema.parse(res.json());
    expect(applied).toBe(true);
    const after = poleTimelineSchema.parse((await get(t, user, `/api/poles/${poleId}`)).json()).pole;
    expect(after).toMatchObject({
      latitude: estimate.latitude,
      longitude: estimate.longitude,
      position_source: "bearings",
    });
    expect(after.version).toBe(before.version + 1);
    const history = auditListSchema.parse((await get(t, user, `/api/poles/${poleId}/history`)).json());
    const move = history.entries.find((e) => e.action === "pole.update");
    expect(move?.details).toMatchObject({
      before: { latitude: before.latitude, longitude: before.longitude, position_source: "manual" },
      after: { latitude: estimate.latitude, longitude: estimate.longitude, position_source: "bearings" },
    });
  });
});
