/**
 * The track thread: the two steps of a track whose cost grows with its size and cannot be cut
 * into slices, one JSON.parse each. Reading a GeoJSON file's points, and placing instants on a
 * stored track (its points as the JSON they are stored in). One job per thread, then it ends.
 */
import { parentPort } from "node:worker_threads";
import { geojsonPoints, type GeoJsonPoints } from "./geojson-points";
import { placeInstants, type Placed } from "./interpolate";
import type { TrackPoint } from "./track-point";

export type TrackJob =
  | { kind: "geojson"; bytes: Uint8Array<ArrayBuffer> }
  | { kind: "place"; pointsJson: string; times: Float64Array<ArrayBuffer>; maxGapMs: number };

export type TrackAnswer =
  { ok: true; geojson: GeoJsonPoints } | { ok: true; placed: Placed } | { ok: false; error: string };

parentPort?.once("message", (job: TrackJob) => {
  try {
    if (job.kind === "geojson") {
      const geojson = geojsonPoints(
        Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.length).toString("utf8"),
      );
      const transfer = "flat" in geojson ? [geojson.flat.buffer] : [];
      parentPort!.postMessage({ ok: true, geojson } satisfies TrackAnswer, transfer);
    } else {
      const points = JSON.parse(job.pointsJson) as TrackPoint[];
      const placed = placeInstants(points, job.times, job.maxGapMs);
      parentPort!.postMessage({ ok: true, placed } satisfies TrackAnswer, [
        placed.latitudes.buffer,
        placed.longitudes.buffer,
        placed.skipped.buffer,
      ]);
    }
  } catch (err) {
    parentPort!.postMessage({ ok: false, error: String(err) } satisfies TrackAnswer);
  }
});
