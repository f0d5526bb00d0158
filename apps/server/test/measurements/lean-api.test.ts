/**
 * POST /api/poles/:id/lean: the pole's axis marked on photos whose bearing and focal length come
 * from EXIF written by exiftool (GPSImgDirection, FocalLengthIn35mmFormat), read by the server's
 * own reader; the pole keeps the latest lean; a lean past the threshold suggests a finding.
 */
import {
  leanResponseSchema,
  measureTexts,
  poleMeasurementsSchema,
  poleTimelineSchema,
} from "@poleatlas/shared";
import { cameraLookingAt, PHONE_FOCAL_35MM, project, type Camera } from "@poleatlas/shared/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { keepPhotosAsSent } from "../helpers/uploads";
import { get } from "../workspaces/support";
import { measurablePhoto, send } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);
const stranger = useSignedInUser(t);

const LEAN_DEG = 7;
const TOWARD_DEG = 250;
const rad = (d: number) => (d * Math.PI) / 180;
const onAxis = (along: number) =>
  [
    along * Math.sin(rad(LEAN_DEG)) * Math.sin(rad(TOWARD_DEG)),
    along * Math.sin(rad(LEAN_DEG)) * Math.cos(rad(TOWARD_DEG)),
    along * Math.cos(rad(LEAN_DEG)),
  ] as const;
const axis = (c: Camera) => [project(c, onAxis(0)), project(c, onAxis(6))];
const cameras = [
  cameraLookingAt([0, 0, 0], { distance: 12, bearingDeg: 40, tiltDeg: 0, width: 1200 }),
  cameraLookingAt([0, 0, 0], { distance: 17, bearingDeg: 130, tiltDeg: 0, width: 1200 }),
];

const photoOf = (c: Camera, tags: Record<string, string | number>) =>
  measurablePhoto(t, owner.cookie, { width: c.width, height: c.height, tags });
const exifOf = (c: Camera) => ({
  GPSImgDirection: c.bearingDeg,
  GPSImgDirectionRef: "T",
  FocalLengthIn35mmFormat: PHONE_FOCAL_35MM,
  FocalLength: 4.2,
});

// No faces in these photos: the scan would only take time.
beforeAll(() => keepPhotosAsSent(t, owner.cookie));

describe("a pole's lean", () => {
  it("is measured from two photos' EXIF bearings and focal lengths, kept on the pole, suggested past the threshold", async () => {
    const photos = [
      await photoOf(cameras[0]!, exifOf(cameras[0]!)),
      await photoOf(cameras[1]!, exifOf(cameras[1]!)),
    ];
    const poleId = photos[0]!.pole_id!;
    expect(photos[1]!.pole_id).toBe(poleId);
    const res = await send(t, owner.cookie, "POST", `/api/poles/${poleId}/lean`, {
      views: photos.map((p, i) => ({ image_id: p.id, axis: axis(cameras[i]!) })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { lean, suggestions } = leanResponseSchema.parse(res.json());
    expect(lean.apparent).toBe(false);
    expect(Math.abs(lean.degrees - LEAN_DEG)).toBeLessThan(0.5);
    expect(Math.abs(lean.toward_deg! - TOWARD_DEG)).toBeLessThan(10);
    expect(suggestions).toEqual([{ code: "lean", level: 2, reason: "Pole leans 7.0°, more than 5.0°" }]);
    const kept = poleMeasurementsSchema.parse(
      (await get(t, owner, `/api/poles/${poleId}/measurements`)).json(),
    );
    expect(kept.lean).toEqual(lean);
    // The pole's own answer carries it too (the record shows it).
    const record = poleTimelineSchema.parse((await get(t, owner, `/api/poles/${poleId}`)).json());
    expect(record.pole.lean).toEqual(lean);

    // One view: the lean across it only.
    const one = await send(t, owner.cookie, "POST", `/api/poles/${poleId}/lean`, {
      views: [{ image_id: photos[0]!.id, axis: axis(cameras[0]!) }],
    });
    expect(leanResponseSchema.parse(one.json()).lean).toMatchObject({ toward_deg: null, apparent: true });

    expect(
      (
        await send(t, stranger.cookie, "POST", `/api/poles/${poleId}/lean`, {
          views: [{ image_id: photos[0]!.id, axis: axis(cameras[0]!) }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it("needs a bearing and a focal length for each photo, typed when the EXIF has none", async () => {
    const bare = await photoOf(cameras[1]!, { Artist: "field crew" });
    const tagged = await photoOf(cameras[0]!, exifOf(cameras[0]!));
    const url = `/api/poles/${tagged.pole_id}/lean`;
    const views = [
      { image_id: tagged.id, axis: axis(cameras[0]!) },
      { image_id: bare.id, axis: axis(cameras[1]!) },
    ];
    const noBearing = await send(t, owner.cookie, "POST", url, { views });
    expect(noBearing.statusCode).toBe(400);
    expect(noBearing.json<{ message: string }>().message).toBe(measureTexts.missingBearing(2));
    const typedBearing = views.map((v, i) => (i === 1 ? { ...v, bearing_deg: 130 } : v));
    const noFocal = await send(t, owner.cookie, "POST", url, { views: typedBearing });
    expect(noFocal.json<{ message: string }>().message).toBe(measureTexts.missingFocalLength(2));

    // One photo is one view, whatever bearing is typed for it the second time.
    for (const bearing of [60, 120]) {
      const twice = await send(t, owner.cookie, "POST", url, {
        views: [views[0], { ...views[0], bearing_deg: bearing }],
      });
      expect(twice.statusCode, twice.body).toBe(400);
      expect(twice.json()).toMatchObject({
        code: "same_photo_twice",
        message: measureTexts.samePhotoTwice(2),
      });
    }
  });
});
