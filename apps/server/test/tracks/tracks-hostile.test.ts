/**
 * Hostile GPS track files: each gets a 4xx saying what is wrong, never a 500. A GPX is read as it
 * arrives: no DOCTYPE (its entities are never fetched nor expanded), nesting and the point count
 * capped while reading, and the event loop free meanwhile.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { MAX_TRACK_POINTS, trackTexts } from "@poleatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { postTrack, uploadTrack } from "./support";

const t = useTestApp();
const user = useSignedInUser(t);

const gpx = (body: string, prolog = '<?xml version="1.0"?>') =>
  `${prolog}<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`;
const trkpt = (lat: string, lon: string, time = "2024-06-01T10:00:00Z") =>
  `<trkpt lat="${lat}" lon="${lon}"><time>${time}</time></trkpt>`;
const track = (...points: string[]) => gpx(`<trk><trkseg>${points.join("")}</trkseg></trk>`);
const GOOD = track(trkpt("51.5", "-0.12"), trkpt("51.5002", "-0.1197", "2024-06-01T10:00:20Z"));
const nested = (levels: number) => gpx(`${"<e>".repeat(levels)}${"</e>".repeat(levels)}${trkpt("1", "1")}`);

/** A web server that counts what it is asked for: an external entity must never reach it. */
let fetched = 0;
const server = createServer((_req, res) => {
  fetched++;
  res.end("51.5");
});
let entityUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  entityUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lat`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Case = [name: string, body: () => string | Buffer, status: number, message: RegExp];
const CASES: Case[] = [
  ["an empty file", () => "", 400, /not a GPX track/],
  ["white space only", () => " \n\t ", 400, /not a GPX track/],
  ["binary garbage", () => randomBytes(4096), 400, /not a GPX track|not well-formed/],
  ["truncated", () => GOOD.slice(0, -20), 400, /not well-formed XML/],
  ["a tag closed out of order", () => gpx("<trk><trkseg></trk></trkseg>"), 400, /not well-formed/],
  ["a second root", () => `${GOOD}<gpx></gpx>`, 400, /not well-formed/],
  ["XML that is not GPX", () => '<?xml version="1.0"?><kml><Document/></kml>', 400, /not GPX/],
  [
    "an external entity",
    () =>
      gpx(
        track(trkpt("&lat;", "1")),
        `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY lat SYSTEM "${entityUrl}">]>`,
      ),
    400,
    /DOCTYPE/,
  ],
  [
    "a local file as an entity",
    () => track(trkpt("1", "1")).replace("?>", '?><!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]>'),
    400,
    /DOCTYPE/,
  ],
  [
    "a billion laughs",
    () =>
      track(trkpt("1", "1")).replace(
        "?>",
        `?><!DOCTYPE gpx [<!ENTITY a "ha">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${"b".repeat(i + 1)} "${"&a;".repeat(10)}">`).join("")}]>`,
      ),
    400,
    /DOCTYPE/,
  ],
  ["an unknown entity", () => track(trkpt("&x;", "1")), 400, /not well-formed/],
  ["nested 200,000 levels deep", () => nested(200_000), 400, /more than 64 levels deep/],
  [
    "a tag over 64 KB",
    () => track(`<trkpt lat="1" lon="1" note="${"x".repeat(70_000)}"/>`),
    400,
    /longer than 64 KB/,
  ],
  ["points without times", () => track('<trkpt lat="1" lon="1"/>'), 400, /have no times/],
  ["a hex latitude", () => track(trkpt("0x10", "1")), 400, /have no times|no points/],
  ["an empty latitude", () => track(trkpt("", "1")), 400, /have no times|no points/],
  ["NaN and Infinity", () => track(trkpt("NaN", "Infinity")), 400, /have no times|no points/],
  [
    "a GeoJSON nested 200,000 levels deep",
    () => `{"type":"Feature","geometry":${"[".repeat(200_000)}${"]".repeat(200_000)}}`,
    400,
    /could not be read/,
  ],
  ["a GeoJSON cut short", () => '{"type":"LineString","coordinates":[[1,2]', 400, /could not be read/],
];

describe("hostile track files", () => {
  it.each(CASES)("%s", async (name, body, status, message) => {
    const bytes = body();
    const res = await postTrack(t, user.cookie, typeof bytes === "string" ? Buffer.from(bytes) : bytes);
    expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
    expect(res.json<{ message: string }>().message, name).toMatch(message);
    expect(fetched).toBe(0);
  });

  it("reads a byte-order mark, CDATA, comments and entities in names and times", async () => {
    const body = `\uFEFF${gpx(
      `<!-- a logger --><metadata><name><![CDATA[Feeder <12> & more]]></name></metadata>` +
        `<trk><trkseg>${trkpt("51.5", "-0.12", "2024-06-01T10:00:00&#x5A;")}</trkseg></trk>`,
    )}`;
    const read = await uploadTrack(t, user.cookie, Buffer.from(body));
    expect(read).toMatchObject({
      name: "Feeder <12> & more",
      points: 1,
      startsAt: "2024-06-01T10:00:00.000Z",
    });
  });

  it("stops reading past the point cap with a 400 naming it", async () => {
    const points = '<trkpt lat="1" lon="1"/>'.repeat(MAX_TRACK_POINTS + 1);
    const res = await postTrack(t, user.cookie, Buffer.from(track(points)));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: "track_too_large",
      message: trackTexts.tooManyPoints(MAX_TRACK_POINTS),
    });
  });

  it("keeps the event loop free while a large GPX is read", async () => {
    // 100k points a second apart: ~7 MB of GPX.
    const start = Date.parse("2024-06-01T00:00:00Z");
    const points = Array.from({ length: 100_000 }, (_, i) =>
      trkpt((51 + i * 1e-6).toFixed(6), "-0.12", new Date(start + i * 1000).toISOString()),
    ).join("");
    const body = Buffer.from(track(points));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const read = await uploadTrack(t, user.cookie, body);
    delay.disable();
    expect(read.points).toBe(100_000);
    // The whole file was one parse: the loop stood still for 6.5 s (0.26 s now, at most).
    expect(delay.max / 1e6).toBeLessThan(1000);
  });
});
