/**
 * The spec's `date` is the calendar day of the capture instant where the photo was taken: a photo
 * uploaded without GPS gets it from its new place when a track (or typed coordinates) places it.
 */
import { imageResponseSchema, type ImageRecord } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import type { SignedInUser } from "../helpers/users";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { upload } from "../helpers/uploads";
import { TEST_ORIGIN } from "../helpers/users";
import { gpsbabelGpx, match, uploadTrack } from "./support";

const t = useTestApp();

const TOKYO = { lat: 35.681236, lon: 139.767125 };
const NEW_YORK = { lat: 40.712776, lon: -74.005974 };

/** A photo without GPS or offset tag whose camera clock shows `wallClock` (EXIF form). */
async function unplacedPhoto(who: SignedInUser, wallClock: string, timezoneOffset?: number) {
  const { bytes } = await makePhoto({ dateTimeOriginal: wallClock });
  const fields = timezoneOffset === undefined ? undefined : { timezoneOffset: String(timezoneOffset) };
  const res = await upload(t, who.cookie, bytes, { filename: "no-gps.jpg", fields });
  expect(res.statusCode, res.body).toBe(201);
  const image = imageResponseSchema.parse(res.json()).image;
  expect(image.latitude).toBeNull();
  return image;
}

/** A two-fix track standing still at `at` for ten minutes each side of `aroundIso`. */
async function trackAt(who: SignedInUser, at: { lat: number; lon: number }, aroundIso: string) {
  const ms = Date.parse(aroundIso);
  const time = (d: number) => new Date(ms + d).toISOString().replace(".000Z", "Z");
  const fixes = [-600_000, 0, 600_000].map((d) => ({ time: time(d), ...at }));
  const { bytes } = await gpsbabelGpx(fixes);
  return uploadTrack(t, who.cookie, bytes);
}

async function reread(who: SignedInUser, id: string): Promise<ImageRecord> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/images/${id}`,
    headers: { cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return imageResponseSchema.parse(res.json()).image;
}

describe("placing by a track gives the photo the date where it was taken", () => {
  const inTokyo = useSignedInUser(t);
  const inNewYork = useSignedInUser(t);
  const slowClock = useSignedInUser(t);

  // The camera's clock shows 08:00 on 2 March at UTC+9, the uploader's offset with it:
  // the instant is 2026-03-01T23:00Z, which is 2 March in Tokyo and 1 March in New York.
  it("keeps the Tokyo date in Tokyo", async () => {
    const photo = await unplacedPhoto(inTokyo, "2026:03:02 08:00:00", -540);
    expect(photo.date).toBe("2026-03-02");
    const track = await trackAt(inTokyo, TOKYO, "2026-03-01T23:00:00Z");
    const result = await match(t, inTokyo.cookie, track.id, { imageIds: [photo.id] });
    expect(result.placed.map((p) => p.imageId)).toEqual([photo.id]);
    expect((await reread(inTokyo, photo.id)).date).toBe("2026-03-02");
  });

  it("gives the New York date in New York", async () => {
    const photo = await unplacedPhoto(inNewYork, "2026:03:02 08:00:00", -540);
    const track = await trackAt(inNewYork, NEW_YORK, "2026-03-01T23:00:00Z");
    const result = await match(t, inNewYork.cookie, track.id, { imageIds: [photo.id] });
    expect(result.placed.map((p) => p.imageId)).toEqual([photo.id]);
    const placed = await reread(inNewYork, photo.id);
    expect(placed.date).toBe("2026-03-01");
    expect(placed.taken_at).toBe("2026-03-01T23:00:00.000Z");
  });

  // 23:30 on a UTC+9 clock, uploaded without an offset (read as UTC): the offset of -9 h puts it
  // at 14:30Z on the track, 23:30 on 1 March in Tokyo, not 08:30 on 2 March.
  it("reads the day at the track's instant (camera time + offset)", async () => {
    const photo = await unplacedPhoto(slowClock, "2026:03:01 23:30:00");
    expect(photo.taken_at).toBe("2026-03-01T23:30:00.000Z");
    const track = await trackAt(slowClock, TOKYO, "2026-03-01T14:30:00Z");
    const result = await match(t, slowClock.cookie, track.id, {
      imageIds: [photo.id],
      offsetSeconds: -9 * 3600,
    });
    expect(result.placed.map((p) => p.imageId)).toEqual([photo.id]);
    const placed = await reread(slowClock, photo.id);
    expect(placed.date).toBe("2026-03-01");
    expect(placed.taken_at).toBe("2026-03-01T14:30:00.000Z");
  });
});

describe("typed coordinates (and a click on the globe) give the date there too", () => {
  const user = useSignedInUser(t);

  const place = async (id: string, at: { lat: number; lon: number }) => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/images/${id}`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { latitude: at.lat, longitude: at.lon },
    });
    expect(res.statusCode, res.body).toBe(200);
    return imageResponseSchema.parse(res.json()).image;
  };

  it("moves the date with the place", async () => {
    const photo = await unplacedPhoto(user, "2026:03:02 08:00:00", -540);
    expect((await place(photo.id, NEW_YORK)).date).toBe("2026-03-01");
    expect((await place(photo.id, TOKYO)).date).toBe("2026-03-02");
  });
});
