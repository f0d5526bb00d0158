/**
 * A photo's capture instant (taken_at), its local time and the spec's date: from the camera's
 * OffsetTimeOriginal, else from the time zone of its position, else from the uploader's offset;
 * and the pole's timeline in capture order.
 */
import { imageResponseSchema, poleTimelineSchema } from "@poleatlas/shared";
import { makePhoto, type GpsPoint } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { upload } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);

const TOKYO: GpsPoint = { latitude: 35.6812, longitude: 139.7671 };

async function stored(o: { time: string; offset?: string; gps?: GpsPoint; timezoneOffset?: number }) {
  const { bytes } = await makePhoto({
    dateTimeOriginal: o.time,
    offsetTimeOriginal: o.offset,
    gps: o.gps ?? null,
  });
  const fields: Record<string, string> =
    o.timezoneOffset === undefined ? {} : { timezoneOffset: String(o.timezoneOffset) };
  const res = await upload(t, user.cookie, bytes, { fields });
  expect(res.statusCode, res.body).toBe(201);
  return imageResponseSchema.parse(res.json()).image;
}

describe("the capture time", () => {
  it("comes from DateTimeOriginal with OffsetTimeOriginal when the camera wrote one", async () => {
    // The uploader's own offset (New York) does not matter then.
    const image = await stored({ time: "2024:05:01 23:30:00", offset: "+09:00", timezoneOffset: 240 });
    expect(image).toMatchObject({
      taken_at: "2024-05-01T14:30:00.000Z",
      local_time: "2024-05-01T23:30:00+09:00",
      date: "2024-05-01",
    });
  });

  it("else from the time zone of the photo's position: 23:30 in Tokyo keeps its Tokyo date", async () => {
    // Uploaded from Honolulu (UTC-10): its offset would make it 09:30 UTC the next day.
    const image = await stored({ time: "2024:05:01 23:30:00", gps: TOKYO, timezoneOffset: 600 });
    expect(image).toMatchObject({
      taken_at: "2024-05-01T14:30:00.000Z",
      local_time: "2024-05-01T23:30:00+09:00",
      date: "2024-05-01",
    });
  });

  it("dates a photo by the day where it was taken, whatever zone the camera was set to", async () => {
    // A camera left on UTC, used in Tokyo at 00:30 on 2 May.
    const image = await stored({ time: "2024:05:01 15:30:00", offset: "+00:00", gps: TOKYO });
    expect(image).toMatchObject({
      taken_at: "2024-05-01T15:30:00.000Z",
      local_time: "2024-05-02T00:30:00+09:00",
      date: "2024-05-02",
    });
  });

  it("else at the uploader's offset, as the date always was", async () => {
    const image = await stored({ time: "2024:01:15 10:00:00", timezoneOffset: 300 });
    expect(image).toMatchObject({
      taken_at: "2024-01-15T15:00:00.000Z",
      local_time: "2024-01-15T10:00:00",
      date: "2024-01-15",
    });
  });

  it("orders a pole's timeline by the capture instant", async () => {
    const here: GpsPoint = { latitude: 35.6586, longitude: 139.7454 };
    // Uploaded first, taken later: 20:00 UTC is 05:00 on 2 May in Tokyo.
    const later = await stored({ time: "2024:05:01 20:00:00", offset: "+00:00", gps: here });
    // 01:00 on 2 May in Tokyo is 16:00 UTC on 1 May.
    const earlier = await stored({ time: "2024:05:02 01:00:00", offset: "+09:00", gps: here });
    expect(earlier.pole_id).toBe(later.pole_id);
    expect([earlier.date, later.date]).toEqual(["2024-05-02", "2024-05-02"]);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/poles/${later.pole_id}`,
      headers: { cookie: user.cookie },
    });
    const timeline = poleTimelineSchema.parse(res.json());
    expect(timeline.images.map((i) => i.id)).toEqual([earlier.id, later.id]);
  });
});
