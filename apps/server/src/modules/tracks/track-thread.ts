/**
 * Runs one job on a track thread of its own (track-worker.ts) and answers what it answers: the
 * request thread keeps answering other requests, /api/health among them, meanwhile. A small job
 * (under THREAD_FROM_BYTES of JSON, a few milliseconds of parsing) runs here: a thread costs more
 * to start than it would save.
 */
import { startWorker } from "../../infra/workers/start-worker";
import { geojsonPoints, type GeoJsonPoints } from "./geojson-points";
import { placeInstants, type Placed } from "./interpolate";
import type { TrackPoint } from "./track-point";
import type { TrackAnswer, TrackJob } from "./track-worker";

/** JSON from this size is parsed on the track thread (~10 ms on a quiet core below it). */
export const THREAD_FROM_BYTES = 1 << 20;

/** A GeoJSON file's points; `bytes` go to the thread (their buffer is detached here). */
export async function geojsonOnThread(bytes: Uint8Array<ArrayBuffer>): Promise<GeoJsonPoints> {
  if (bytes.length < THREAD_FROM_BYTES) return geojsonPoints(Buffer.from(bytes.buffer).toString("utf8"));
  const answer = await onTrackThread({ kind: "geojson", bytes }, [bytes.buffer]);
  if (!("geojson" in answer)) throw new Error("track thread: no points in its answer");
  return answer.geojson;
}

/** Where a stored track (its points' JSON) puts each instant. */
export async function placeOnThread(pointsJson: string, times: number[], maxGapMs: number): Promise<Placed> {
  if (pointsJson.length < THREAD_FROM_BYTES) {
    return placeInstants(JSON.parse(pointsJson) as TrackPoint[], Float64Array.from(times), maxGapMs);
  }
  const answer = await onTrackThread({
    kind: "place",
    pointsJson,
    times: Float64Array.from(times),
    maxGapMs,
  });
  if (!("placed" in answer)) throw new Error("track thread: no places in its answer");
  return answer.placed;
}

function onTrackThread(job: TrackJob, transfer: ArrayBuffer[] = []): Promise<TrackAnswer & { ok: true }> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(import.meta.url, "track-worker", null);
    let settled = false;
    worker.once("message", (answer: TrackAnswer) => {
      settled = true;
      void worker.terminate();
      if (answer.ok) resolve(answer);
      else reject(new Error(`track thread: ${answer.error}`));
    });
    worker.once("error", (err) => {
      settled = true;
      reject(err);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`the track thread stopped (${code})`));
    });
    worker.postMessage(job, transfer);
  });
}
