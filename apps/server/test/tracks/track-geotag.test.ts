/**
 * Placing photos without GPS from a GPS track: a GPX written by gpsbabel, photos with their
 * camera's time and zone, and exiftool's -geotag on the very same files as the reference (to
 * 1e-6 degrees). Also the camera clock's offset and the gap a logger leaves when it loses its fix.
 */
import { imageResponseSchema, type ImageRecord } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { upload } from "../helpers/uploads";
import { exifTime, exiftoolGeotag, gpsbabelGpx, match, uploadTrack, type Fix } from "./support";

const t = useTestApp();

const START = Date.parse("2024-05-01T01:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
/** 24 fixes 7–41 s apart, wandering at driving speed; 300 s without a fix after the 12th. */
const FIXES: Fix[] = (() => {
  const fixes: Fix[] = [];
  let ms = START;
  for (let i = 0; i < 24; i++) {
    fixes.push({
      time: iso(ms),
      lat: Number((47.606209 + i * 0.00437 + ((i * 37) % 11) * 0.000311).toFixed(9)),
      lon: Number((-122.332071 + i * 0.00593 - ((i * 53) % 7) * 0.000417).toFixed(9)),
    });
    ms += (i === 11 ? 300 : 7 + ((i * 13) % 35)) * 1000;
  }
  return fixes;
})();
const fixMs = (i: number) => Date.parse(FIXES[i]!.time);

/** The camera's wall clock at +02:00 for a true UTC instant, minus how slow the camera runs. */
const cameraTime = (ms: number, slowSeconds = 0) => exifTime(iso(ms - slowSeconds * 1000 + 2 * 3600_000));

/** Photos at these true instants, stored without GPS; each one's bytes for exiftool too. */
async function photosAt(cookie: string, instants: Record<string, number>, slowSeconds = 0) {
  const out: { name: string; bytes: Buffer; image: ImageRecord }[] = [];
  for (const [name, ms] of Object.entries(instants)) {
    const { bytes } = await makePhoto({
      dateTimeOriginal: cameraTime(ms, slowSeconds),
      offsetTimeOriginal: "+02:00",
    });
    const res = await upload(t, cookie, bytes, { filename: name });
    expect(res.statusCode, res.body).toBe(201);
    const image = imageResponseSchema.parse(res.json()).image;
    expect(image.latitude).toBeNull();
    out.push({ name, bytes, image });
  }
  return out;
}

const INSTANTS = {
  "between.jpg": fixMs(2) + 5_000,
  "on-a-fix.jpg": fixMs(5),
  "later.jpg": fixMs(9) + 11_000,
  "in-the-gap.jpg": fixMs(11) + 150_000,
  "before.jpg": START - 30_000,
  "last-part.jpg": fixMs(15) + 3_000,
};

function expectSamePlaces(
  placed: { imageId: string; latitude: number; longitude: number }[],
  photos: { name: string; image: ImageRecord }[],
  reference: Map<string, { latitude: number; longitude: number } | null>,
) {
  const byId = new Map(placed.map((p) => [p.imageId, p]));
  for (const p of photos) {
    const ours = byId.get(p.image.id);
    const theirs = reference.get(p.name);
    expect(ours === undefined, `${p.name}: placed by us? ${!!ours}, by exiftool? ${!!theirs}`).toBe(!theirs);
    if (!ours || !theirs) continue;
    expect(Math.abs(ours.latitude - theirs.latitude), p.name).toBeLessThan(1e-6);
    expect(Math.abs(ours.longitude - theirs.longitude), p.name).toBeLessThan(1e-6);
  }
}

describe("a gpsbabel GPX places photos where exiftool -geotag does", () => {
  const user = useSignedInUser(t);

  it.each(["1.1", "1.0"] as const)(
    "GPX %s: same positions, the gap and times off the track skipped",
    async (v) => {
      const { dir, gpx, bytes } = await gpsbabelGpx(FIXES, v);
      const track = await uploadTrack(t, user.cookie, bytes);
      expect(track).toMatchObject({ points: 24, startsAt: `${FIXES[0]!.time.slice(0, 19)}.000Z` });
      const photos = await photosAt(user.cookie, INSTANTS);
      const reference = await exiftoolGeotag(dir, gpx, photos);
      // exiftool places four of the six: not the one in the gap, nor the one before the track.
      expect([...reference.values()].filter(Boolean)).toHaveLength(4);

      const onlyThese = photos.map((p) => p.image.id);
      const result = await match(t, user.cookie, track.id, { imageIds: onlyThese });
      expectSamePlaces(result.placed, photos, reference);
      const id = (name: string) => photos.find((p) => p.name === name)!.image.id;
      expect(result.skipped).toEqual(
        expect.arrayContaining([
          { imageId: id("in-the-gap.jpg"), reason: "gap" },
          { imageId: id("before.jpg"), reason: "outside_track" },
        ]),
      );

      // Stored, and joined to poles by the pole rule.
      for (const p of result.placed) {
        const res = await t.app.inject({
          method: "GET",
          url: `/api/images/${p.imageId}`,
          headers: { cookie: user.cookie },
        });
        const image = imageResponseSchema.parse(res.json()).image;
        expect(image).toMatchObject({ latitude: p.latitude, longitude: p.longitude, pole_id: p.poleId });
        expect(image.pole_id).not.toBeNull();
      }
      // Placed photos are not placed again.
      const again = await match(t, user.cookie, track.id, { imageIds: [id("between.jpg")] });
      expect(again).toMatchObject({
        placed: [],
        skipped: [{ imageId: id("between.jpg"), reason: "already_placed" }],
      });
    },
  );
});

describe("the camera's clock offset", () => {
  const user = useSignedInUser(t);

  it("camera time + offsetSeconds is the track's time, as exiftool's -geosync", async () => {
    const { dir, gpx, bytes } = await gpsbabelGpx(FIXES);
    const track = await uploadTrack(t, user.cookie, bytes);
    // The camera runs 2 min 5 s slow.
    const photos = await photosAt(user.cookie, INSTANTS, 125);
    const reference = await exiftoolGeotag(dir, gpx, photos, { geosync: 125 });
    expect([...reference.values()].filter(Boolean)).toHaveLength(4);

    // Without the offset the same photos land elsewhere (or nowhere).
    const uncorrected = await match(t, user.cookie, track.id, { dryRun: true });
    const corrected = await match(t, user.cookie, track.id, { offsetSeconds: 125, dryRun: true });
    expectSamePlaces(corrected.placed, photos, reference);
    const at = (r: typeof corrected, name: string) =>
      r.placed.find((p) => p.imageId === photos.find((q) => q.name === name)!.image.id);
    expect(at(uncorrected, "between.jpg")?.latitude).not.toBeCloseTo(
      at(corrected, "between.jpg")!.latitude,
      6,
    );

    // A dry run changed nothing; the real one stores the corrected places.
    const listed = await t.app.inject({
      method: "GET",
      url: "/api/images?unplaced=true",
      headers: { cookie: user.cookie },
    });
    expect(listed.json<{ images: unknown[] }>().images).toHaveLength(6);
    const applied = await match(t, user.cookie, track.id, { offsetSeconds: 125 });
    expect(applied.dryRun).toBe(false);
    expectSamePlaces(applied.placed, photos, reference);
  });
});

describe("a gap longer than maxGapSeconds", () => {
  const user = useSignedInUser(t);

  it("is skipped with its reason by default, and bridged when the caller allows the gap", async () => {
    const { dir, gpx, bytes } = await gpsbabelGpx(FIXES);
    const track = await uploadTrack(t, user.cookie, bytes);
    const photos = await photosAt(user.cookie, { "in-the-gap.jpg": fixMs(11) + 150_000 });
    const gapId = photos[0]!.image.id;

    const byDefault = await match(t, user.cookie, track.id, {});
    expect(byDefault).toMatchObject({ placed: [], skipped: [{ imageId: gapId, reason: "gap" }] });

    const reference = await exiftoolGeotag(dir, gpx, photos, { maxGapSeconds: 600 });
    expect(reference.get("in-the-gap.jpg")).not.toBeNull();
    const bridged = await match(t, user.cookie, track.id, { maxGapSeconds: 600 });
    expect(bridged.placed.map((p) => p.imageId)).toEqual([gapId]);
    expectSamePlaces(bridged.placed, photos, reference);
  });
});
