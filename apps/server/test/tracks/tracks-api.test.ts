/**
 * /api/tracks: GPX and GeoJSON uploads, clear refusals for files that cannot place photos, the
 * list and deletion, and another workspace's tracks and photos out of reach.
 */
import { trackListSchema } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { TEST_ORIGIN } from "../helpers/users";
import { unplacedPhoto } from "../poles/support";
import { THREAD_FROM_BYTES } from "../../src/modules/tracks/track-thread";
import { gpsbabelGpx, match, postMatch, postTrack, uploadTrack } from "./support";

const t = useTestApp();
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);

const FIXES = [
  { time: "2024-06-01T10:00:00Z", lat: 51.5, lon: -0.12 },
  { time: "2024-06-01T10:00:20Z", lat: 51.5002, lon: -0.1197 },
];
const gpx = (body: string) =>
  Buffer.from(
    `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`,
  );
const geojson = (value: unknown) => Buffer.from(JSON.stringify(value));

const listTracks = async (cookie: string) =>
  trackListSchema.parse(
    (await t.app.inject({ method: "GET", url: "/api/tracks", headers: { cookie } })).json(),
  ).tracks;
const deleteTrack = (cookie: string, id: string) =>
  t.app.inject({ method: "DELETE", url: `/api/tracks/${id}`, headers: { cookie, origin: TEST_ORIGIN } });

describe("uploading a track", () => {
  it("answers the track: its name, points, start and end", async () => {
    const { bytes } = await gpsbabelGpx(FIXES);
    const track = await uploadTrack(t, user.cookie, bytes, "morning round.gpx");
    expect(track).toMatchObject({
      name: "morning round",
      points: 2,
      startsAt: "2024-06-01T10:00:00.000Z",
      endsAt: "2024-06-01T10:00:20.000Z",
    });
    expect((await listTracks(user.cookie)).map((x) => x.id)).toContain(track.id);
  });

  it("reads a GeoJSON LineString and MultiLineString with per-point times", async () => {
    const line = await uploadTrack(
      t,
      user.cookie,
      geojson({
        type: "Feature",
        properties: { name: "Feeder 12", coordTimes: ["2024-06-01T10:00:00Z", "2024-06-01T10:00:10Z"] },
        geometry: {
          type: "LineString",
          coordinates: [
            [-0.12, 51.5],
            [-0.119, 51.501],
          ],
        },
      }),
      "feeder.geojson",
    );
    expect(line).toMatchObject({ name: "Feeder 12", points: 2 });
    const multi = await uploadTrack(
      t,
      user.cookie,
      geojson({
        type: "FeatureCollection",
        features: [
          {
            type: "Feature",
            properties: {
              coordTimes: [["2024-06-01T11:00:00Z", "2024-06-01T11:00:10Z"], ["2024-06-01T11:05:00Z"]],
            },
            geometry: {
              type: "MultiLineString",
              coordinates: [
                [
                  [-0.12, 51.5],
                  [-0.119, 51.501],
                ],
                [[-0.118, 51.502]],
              ],
            },
          },
        ],
      }),
      "two parts.json",
    );
    expect(multi).toMatchObject({ name: "two parts", points: 3, endsAt: "2024-06-01T11:05:00.000Z" });
  });

  it.each([
    ["not XML", Buffer.from("<gpx><trk>"), "invalid_track"],
    ["neither GPX nor GeoJSON", Buffer.from("lat,lon\n1,2\n"), "invalid_track"],
    ["XML but not GPX", Buffer.from("<kml><Document/></kml>"), "invalid_track"],
    ["no points", gpx("<trk><trkseg></trkseg></trk>"), "track_without_points"],
    [
      "no times",
      gpx('<trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="1.1" lon="2"/></trkseg></trk>'),
      "track_without_times",
    ],
    ["a GeoJSON of points", geojson({ type: "Point", coordinates: [1, 2] }), "invalid_track"],
    [
      "a GeoJSON line without times",
      geojson({
        type: "LineString",
        coordinates: [
          [1, 2],
          [1, 3],
        ],
      }),
      "track_without_times",
    ],
  ])("refuses a file with %s: a clear 400, nothing stored", async (_, bytes, code) => {
    const before = await listTracks(stranger.cookie);
    const res = await postTrack(t, stranger.cookie, bytes);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code });
    expect(res.json<{ message: string }>().message.length).toBeGreaterThan(10);
    expect(await listTracks(stranger.cookie)).toEqual(before);
  });

  it("refuses a request without a file", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tracks",
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it("needs a session", async () => {
    const { bytes } = await gpsbabelGpx(FIXES);
    const res = await postTrack(t, "", bytes);
    expect(res.statusCode).toBe(401);
  });
});

describe("another workspace", () => {
  it("neither lists, matches nor deletes someone else's track", async () => {
    const { bytes } = await gpsbabelGpx(FIXES);
    const track = await uploadTrack(t, user.cookie, bytes);
    expect((await listTracks(stranger.cookie)).map((x) => x.id)).not.toContain(track.id);
    expect((await postMatch(t, stranger.cookie, track.id, { dryRun: true })).statusCode).toBe(404);
    expect((await deleteTrack(stranger.cookie, track.id)).statusCode).toBe(404);
    expect((await listTracks(user.cookie)).map((x) => x.id)).toContain(track.id);
  });

  it("never places someone else's photo, even named by id", async () => {
    const { bytes } = await gpsbabelGpx(FIXES);
    const track = await uploadTrack(t, stranger.cookie, bytes);
    const theirs = await unplacedPhoto(t, user.cookie, "2024-06-01");
    const result = await match(t, stranger.cookie, track.id, { imageIds: [theirs.id] });
    expect(result).toMatchObject({ placed: [], skipped: [{ imageId: theirs.id, reason: "not_found" }] });
  });
});

describe("a track of megabytes", () => {
  it("is read and places a photo where it was, its JSON parsed on the track thread", async () => {
    // A day at a point every 2 s: a 3 MB file, 1.5 MB of stored points (THREAD_FROM_BYTES is 1 MB).
    const start = Date.parse("2024-06-02T00:00:00Z");
    const n = 43_200;
    const times: string[] = [];
    const coordinates: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      times.push(new Date(start + i * 2000).toISOString());
      coordinates.push([-0.1 + i * 1e-6, 51 + i * 2e-6]);
    }
    const file = geojson({
      type: "Feature",
      properties: { coordTimes: times },
      geometry: { type: "LineString", coordinates },
    });
    expect(file.length).toBeGreaterThan(THREAD_FROM_BYTES);
    const track = await uploadTrack(t, user.cookie, file, "day.geojson");
    expect(track).toMatchObject({ points: n, startsAt: times[0], endsAt: times[n - 1] });
    const photo = await unplacedPhoto(t, user.cookie, "2024-06-02");
    const result = await match(t, user.cookie, track.id, { imageIds: [photo.id] });
    expect(result.skipped).toEqual([]);
    const [placed] = result.placed;
    // Linear in time between the two points around the photo's instant: i is fractional.
    const i = (Date.parse(placed!.time) - start) / 2000;
    expect(placed!.latitude).toBeCloseTo(51 + i * 2e-6, 9);
    expect(placed!.longitude).toBeCloseTo(-0.1 + i * 1e-6, 9);
  });
});

describe("deleting and matching", () => {
  it("deletes the caller's own track; then it is gone", async () => {
    const { bytes } = await gpsbabelGpx(FIXES);
    const track = await uploadTrack(t, user.cookie, bytes);
    expect((await deleteTrack(user.cookie, track.id)).statusCode).toBe(204);
    expect((await listTracks(user.cookie)).map((x) => x.id)).not.toContain(track.id);
    expect((await deleteTrack(user.cookie, track.id)).statusCode).toBe(404);
    expect((await postMatch(t, user.cookie, track.id, {})).statusCode).toBe(404);
  });

  it.each([
    [{ maxGapSeconds: 0 }],
    [{ offsetSeconds: "ten" }],
    [{ imageIds: ["not-an-id"] }],
    [{ somethingElse: true }],
  ])("refuses a bad match body %j with a 400", async (body) => {
    const { bytes } = await gpsbabelGpx(FIXES);
    const track = await uploadTrack(t, user.cookie, bytes);
    const res = await postMatch(t, user.cookie, track.id, body as never);
    expect(res.statusCode, res.body).toBe(400);
  });
});
