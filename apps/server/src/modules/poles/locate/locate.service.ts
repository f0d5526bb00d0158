/**
 * Locating a pole from its photos' bearings: which photos can give a ray and why the others
 * cannot, the estimate, and its application (a move of the pole, audited with where it stood).
 * Any photo of the workspace may be marked: the one that shows the pole best is often another
 * pole's, taken from across the street.
 */
import {
  canEdit,
  locateTexts,
  MAX_LOCATE_RANGE_M,
  messages,
  workspaceTexts,
  type LocateCandidates,
  type LocateRequest,
  type LocateResponse,
  type PoleRecord,
} from "@poleatlas/shared";
import { AppError, badRequest, forbidden, notFound } from "../../../errors";
import type { AuditLog } from "../../audit/audit-log";
import type { PublishEvent } from "../../events/events.repository";
import type { ImageRow, ImagesRepository } from "../../photos/images.repository";
import { toImageRecord } from "../../photos/image-record";
import type { Actor } from "../../workspaces/actor";
import type { PolesRepository } from "../poles.repository";
import { fitRays, focalPixels, markBearing, toLocal, type Ray, type StatedErrors } from "./locate-math";
import type { CandidateRow, LocateRepository } from "./locate.repository";
import type { Readable } from "node:stream";
import { opticsOfStored } from "../../../infra/images/stored-optics";

export interface LocateServiceDeps {
  repository: LocateRepository;
  poles: PolesRepository;
  images: ImagesRepository;
  audit: AuditLog;
  publish: PublishEvent;
  /** The workspace's stated GPS and compass errors (its settings). */
  statedErrors: (workspaceId: string) => Promise<StatedErrors>;
  /** A stored photo's bytes (null: gone), for the lens data of photos stored before it was kept. */
  storedFile: (key: string) => Promise<Readable | null>;
}

/** Why a photo cannot give a ray, or null when it can. */
function unusable(row: ImageRow): string | null {
  if (row.latitude === null || row.longitude === null) return locateTexts.noPosition;
  if (row.heading === null) return locateTexts.noBearing;
  if (!row.metadata.optics) return locateTexts.noSize;
  if (focalPixels(row.metadata.optics) === null) return locateTexts.noFocalLength;
  return null;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

export function createLocateService(deps: LocateServiceDeps) {
  const { repository, poles, images, audit, publish, statedErrors, storedFile } = deps;

  /**
   * The row with its lens data: a photo stored before uploads kept it, that could give a ray,
   * has it read from its file now and kept.
   */
  async function withOptics<T extends ImageRow>(row: T): Promise<T> {
    if (row.metadata.optics || row.heading === null || row.latitude === null) return row;
    const file = await storedFile(row.storage_key);
    const optics = file ? await opticsOfStored(file) : null;
    if (!optics) return row;
    await repository.keepOptics(row.id, optics);
    return { ...row, metadata: { ...row.metadata, optics } };
  }

  async function ownedPole(workspaceId: string, id: string): Promise<PoleRecord> {
    const pole = await poles.findOwned(workspaceId, id);
    if (!pole) throw notFound(messages.poleNotFound);
    return pole;
  }

  /** The marked photos as rays in the plane around the pole; 400 naming each photo that cannot be one. */
  async function raysOf(actor: Actor, pole: PoleRecord, marks: LocateRequest["marks"]) {
    const rows: ImageRow[] = [];
    for (const mark of marks) {
      const row = await images.findOwned(actor.workspaceId, mark.image_id);
      if (!row) throw notFound(messages.imageNotFound);
      rows.push(await withOptics(row));
    }
    const refused = rows
      .map((row) => ({ image_id: row.id, name: row.name, reason: unusable(row) }))
      .filter((r) => r.reason !== null);
    if (refused.length > 0) {
      const reasons = refused.map((r) => locateTexts.photoReason(r.name, r.reason!));
      throw new AppError(400, "photo_not_locatable", locateTexts.unusable(reasons), {}, { photos: refused });
    }
    const local = toLocal(pole);
    return marks.map((mark, i): Ray & { row: ImageRow } => {
      const row = rows[i]!;
      const optics = row.metadata.optics!;
      if (mark.x < 0 || mark.x > optics.width) {
        throw badRequest(locateTexts.markOutside(row.name, optics.width), "mark_outside");
      }
      return {
        id: row.id,
        row,
        from: local.point(row.latitude!, row.longitude!),
        bearingDeg: markBearing(row.heading!, mark.x, optics.width, focalPixels(optics)!),
        ...(mark.distance_m !== undefined ? { distanceM: mark.distance_m } : {}),
      };
    });
  }

  return {
    async candidates(actor: Actor, poleId: string): Promise<LocateCandidates> {
      const pole = await ownedPole(actor.workspaceId, poleId);
      const rows: CandidateRow[] = [];
      for (const row of await repository.candidates(actor.workspaceId, pole)) rows.push(row);
      return {
        photos: rows.map(({ distance_m, ...row }) => {
          const reason = unusable(row);
          return {
            image: toImageRecord(row),
            bearing_deg: row.heading,
            usable: reason === null,
            reason,
            distance_m: distance_m === null ? null : round(distance_m, 1),
          };
        }),
      };
    },

    async locate(actor: Actor, poleId: string, body: LocateRequest): Promise<LocateResponse> {
      const pole = await ownedPole(actor.workspaceId, poleId);
      if (body.apply && !canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const rays = await raysOf(actor, pole, body.marks);
      const fit = fitRays(rays, await statedErrors(actor.workspaceId));
      if (fit === "too_few") throw badRequest(locateTexts.tooFewRays, "too_few_rays");
      if (fit === "parallel") throw badRequest(locateTexts.parallel, "parallel_rays");
      if (fit === "behind") throw badRequest(locateTexts.behind, "rays_behind");
      const nearest = Math.min(
        ...rays.map((r) => Math.hypot(fit.at.east - r.from.east, fit.at.north - r.from.north)),
      );
      if (nearest > MAX_LOCATE_RANGE_M) throw badRequest(locateTexts.tooFar(MAX_LOCATE_RANGE_M), "too_far");

      const place = toLocal(pole).place(fit.at);
      const estimate = {
        latitude: round(place.latitude, 8),
        longitude: round(place.longitude, 8),
        uncertainty_m: round(fit.uncertaintyM, 2),
        rays: rays.map((r, i) => ({
          image_id: r.id,
          bearing_deg: round(r.bearingDeg, 3),
          latitude: r.row.latitude!,
          longitude: r.row.longitude!,
          residual_m: round(fit.rays[i]!.residualM, 2),
          used: fit.rays[i]!.used,
        })),
        left_out: fit.leftOut.map((id) => ({ image_id: id, reason: locateTexts.leftOutFar })),
        moved_m: round(Math.hypot(fit.at.east, fit.at.north), 2),
      };
      if (!body.apply) return { estimate, applied: false };

      await images.withLocks([actor.workspaceId], async (tx) => {
        // Where it stands now, under the lock: the audit keeps the position this move replaced.
        const before = await poles.findOwned(actor.workspaceId, poleId, tx);
        if (!before) throw notFound(messages.poleNotFound);
        const to = { latitude: estimate.latitude, longitude: estimate.longitude };
        if (!(await repository.move(tx, actor.workspaceId, poleId, to, actor.userId))) {
          throw notFound(messages.poleNotFound);
        }
        const details = {
          before: {
            latitude: before.latitude,
            longitude: before.longitude,
            position_source: before.position_source,
          },
          after: { ...to, position_source: "bearings" },
          uncertainty_m: estimate.uncertainty_m,
          images: estimate.rays.filter((r) => r.used).map((r) => r.image_id),
        };
        await audit(actor, { action: "pole.update", targetType: "pole", targetId: poleId, details }, tx);
        const event = { workspaceId: actor.workspaceId, actorId: actor.userId, poleIds: [poleId] };
        await publish({ ...event, type: "pole.updated" }, tx);
      });
      return { estimate, applied: true };
    },
  };
}

export type LocateService = ReturnType<typeof createLocateService>;
