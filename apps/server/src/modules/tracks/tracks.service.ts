/**
 * The rules about GPS tracks: members and up upload, delete and apply them, every member sees
 * them; a track places only its own workspace's photos, and only those without coordinates. The
 * placing runs under the workspace's lock and the uploaders' (the lock a PATCH of a photo's place
 * takes), so each placed photo joins its pole by the pole rule exactly as a typed position does.
 */
import path from "node:path";
import {
  canEdit,
  safeDisplayName,
  trackTexts,
  workspaceTexts,
  type Track,
  type TrackMatchResult,
  type TrackPlacement,
  type TrackSkipReason,
  type trackMatchBodySchema,
} from "@poleatlas/shared";
import type { z } from "zod";
import { forbidden, notFound } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import { localDateAt } from "../photos/capture-time";
import type { Executor } from "../../infra/db/database";
import type { PolePlacement } from "../photos/images.service";
import { placeSeen } from "../photos/pole-placement";
import type { Actor } from "../workspaces/actor";
import { readTrackStream } from "./read-track";
import { placeOnThread } from "./track-thread";
import type { MatchCandidate, TracksRepository } from "./tracks.repository";

export interface TracksServiceDeps {
  repository: TracksRepository;
  placement: PolePlacement;
  withLocks: <T>(keys: string[], fn: (tx: Executor) => Promise<T>) => Promise<T>;
  audit: AuditLog;
  publish: PublishEvent;
}

type MatchOptions = z.output<typeof trackMatchBodySchema>;

/** The track thread's skip codes (track-worker.ts): 0 is placed. */
const SKIPPED: Record<number, TrackSkipReason | undefined> = { 1: "outside_track", 2: "gap" };

export function createTracksService({ repository, placement, withLocks, audit, publish }: TracksServiceDeps) {
  const mayEdit = (actor: Actor) => {
    if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
  };

  /** Where each photo would go, and why the others do not. */
  async function plan(actor: Actor, pointsJson: string, o: MatchOptions) {
    const candidates = await repository.candidates(actor.workspaceId, o.imageIds);
    const placed: TrackPlacement[] = [];
    const skipped: { imageId: string; reason: TrackSkipReason }[] = [];
    const found = new Set(candidates.map((c) => c.id));
    for (const id of o.imageIds ?? []) {
      if (!found.has(id)) skipped.push({ imageId: id, reason: "not_found" });
    }
    const timed: (MatchCandidate & { ms: number })[] = [];
    for (const c of candidates) {
      if (c.latitude !== null && c.longitude !== null) {
        skipped.push({ imageId: c.id, reason: "already_placed" });
        continue;
      }
      if (c.taken_ms === null) {
        skipped.push({ imageId: c.id, reason: "no_time" });
        continue;
      }
      // Camera time + offset = the logger's (true) time.
      timed.push({ ...c, ms: c.taken_ms + o.offsetSeconds * 1000 });
    }
    const uploaders = new Map<string, string>();
    const seen = new Map<string, Pick<MatchCandidate, "heading" | "metadata">>();
    if (timed.length === 0) return { placed, skipped, uploaders, seen };
    const at = await placeOnThread(
      pointsJson,
      timed.map((c) => c.ms),
      o.maxGapSeconds * 1000,
    );
    timed.forEach((c, i) => {
      const reason = SKIPPED[at.skipped[i]!];
      if (reason) {
        // Without a list, photos from other days are simply not this track's: only gaps are news.
        if (o.imageIds || reason === "gap") skipped.push({ imageId: c.id, reason });
        return;
      }
      uploaders.set(c.id, c.user_id);
      seen.set(c.id, { heading: c.heading, metadata: c.metadata });
      const position = { latitude: at.latitudes[i]!, longitude: at.longitudes[i]! };
      placed.push({ imageId: c.id, ...position, time: new Date(c.ms).toISOString(), poleId: null });
    });
    return { placed, skipped, uploaders, seen };
  }

  return {
    /** `file.bytes` as they arrive: nothing is read before the role is checked. */
    async upload(actor: Actor, file: { filename: string; bytes: AsyncIterable<Buffer> }): Promise<Track> {
      mayEdit(actor);
      const read = await readTrackStream(file.bytes);
      const fromFile = path.parse(file.filename).name;
      const name = safeDisplayName(read.name ?? (fromFile || "track"));
      return repository.insert({
        workspaceId: actor.workspaceId,
        userId: actor.userId,
        name,
        points: read.points,
      });
    },

    list: (actor: Actor): Promise<Track[]> => repository.list(actor.workspaceId),

    async remove(actor: Actor, id: string): Promise<void> {
      mayEdit(actor);
      if (!(await repository.remove(actor.workspaceId, id))) throw notFound(trackTexts.notFound);
    },

    /**
     * Places the workspace's unplaced photos whose time (+ offsetSeconds) falls on the track. A dry
     * run says where they would go and changes nothing.
     */
    async match(actor: Actor, id: string, o: MatchOptions): Promise<TrackMatchResult> {
      mayEdit(actor);
      const found = await repository.findPointsJson(actor.workspaceId, id);
      if (!found) throw notFound(trackTexts.notFound);
      const { placed, skipped, uploaders, seen } = await plan(actor, found.pointsJson, o);
      if (o.dryRun || placed.length === 0) return { placed, skipped, dryRun: o.dryRun };

      const { workspaceId } = actor;
      const done = await withLocks([workspaceId, ...new Set(uploaders.values())], async (tx) => {
        // A photo placed by hand since the plan keeps its place.
        const open = await repository.stillUnplaced(
          tx,
          workspaceId,
          placed.map((p) => p.imageId),
        );
        const result: TrackPlacement[] = [];
        for (const p of placed) {
          if (!open.has(p.imageId)) {
            skipped.push({ imageId: p.imageId, reason: "already_placed" });
            continue;
          }
          // A register pole the rule cannot name leaves the photo waiting for a member's choice.
          // The track gives the position; the photo's own bearing and lens still say what it
          // looks at, so it joins the register pole in its line of sight as a typed position would.
          const poleId = await placement.assign(
            tx,
            workspaceId,
            placeSeen({ ...p, ...seen.get(p.imageId)! }),
          );
          // The track's clock is the true one: the photo's instant and its day there follow it.
          const date = localDateAt(p.time, p.latitude, p.longitude);
          await repository.place(tx, p.imageId, { ...p, poleId, takenAt: p.time, date });
          const after = { latitude: p.latitude, longitude: p.longitude, pole_id: poleId };
          const details = { before: { latitude: null, longitude: null, pole_id: null }, after, track: id };
          await audit(
            actor,
            { action: "image.update", targetType: "image", targetId: p.imageId, details },
            tx,
          );
          result.push({ ...p, poleId });
        }
        const poleIds = [...new Set(result.flatMap((p) => (p.poleId === null ? [] : [p.poleId])))];
        await placement.refresh(tx, poleIds);
        if (result.length > 0) {
          const imageIds = result.map((p) => p.imageId);
          await publish({ workspaceId, type: "image.updated", actorId: actor.userId, imageIds, poleIds }, tx);
        }
        return result;
      });
      return { placed: done, skipped, dryRun: false };
    },
  };
}

export type TracksService = ReturnType<typeof createTracksService>;
