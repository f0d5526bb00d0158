/**
 * POST /api/images/move: several photos go to one pole of the workspace in one step, as the single
 * move (PATCH /api/images/:id `{ pole_id }`) moves one: under the workspace's lock and the photos'
 * uploaders' (the locks the photo and pole triggers take), in one transaction, each photo audited
 * as the single move audits it (`image.update`, its pole before and after), the maps told, and the
 * photo-made poles it leaves empty removed. All or nothing: one id that is not the workspace's
 * photo is a 404 and no photo moves.
 */
import {
  canEdit,
  EVENT_MAX_IDS,
  messages,
  workspaceTexts,
  type PhotoMoveBody,
  type PhotoMoveResponse,
} from "@poleatlas/shared";
import { forbidden, notFound } from "../../errors";
import type { Executor } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import { localDateAt } from "../photos/capture-time";
import { toImageRecord } from "../photos/image-record";
import type { ImageRow, ImagesRepository } from "../photos/images.repository";
import type { Actor } from "../workspaces/actor";
import type { ImageChanges, PolesRepository } from "./poles.repository";

/**
 * Photos one live event names: with the pole they go to and each one's old pole, an event stays
 * within the ids an event carries, so every pole touched reaches the open maps.
 */
const PHOTOS_PER_EVENT = EVENT_MAX_IDS - 1;

export function createPhotoMove(deps: {
  poles: PolesRepository;
  images: ImagesRepository;
  audit: AuditLog;
  publish: PublishEvent;
}) {
  const { poles, images, audit, publish } = deps;

  /** The named photos, every one the workspace's, under the locks held by `tx` when given. */
  async function ownedPhotos(workspaceId: string, ids: string[], tx?: Executor): Promise<ImageRow[]> {
    const found = await images.findOwnedMany(workspaceId, ids, tx);
    if (found.length !== ids.length) throw notFound(messages.imageNotFound);
    const byId = new Map(found.map((p) => [p.id, p]));
    return ids.map((id) => byId.get(id)!);
  }

  /** What one photo's move changes: its pole, and a photo without a place takes the pole's. */
  function changesFor(photo: ImageRow, to: { id: string; latitude: number; longitude: number }) {
    const changes: ImageChanges = { pole_id: to.id };
    if (photo.latitude === null || photo.longitude === null) {
      changes.latitude = to.latitude;
      changes.longitude = to.longitude;
      // The spec's date is the capture day where the photo was taken: its new place may move it.
      const date = localDateAt(photo.taken_at, to.latitude, to.longitude);
      if (date !== null && date !== photo.date) changes.date = date;
    }
    return changes;
  }

  async function move(actor: Actor, body: PhotoMoveBody): Promise<PhotoMoveResponse> {
    const { workspaceId } = actor;
    const ids = [...new Set(body.image_ids.map((id) => id.toLowerCase()))];
    // Someone else's photo or pole is a 404 before a viewer's 403, as for the single move.
    const found = await ownedPhotos(workspaceId, ids);
    if (!(await poles.findOwned(workspaceId, body.pole_id))) throw notFound(messages.poleNotFound);
    if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
    // A photo's uploader never changes, so the set read here is the set the triggers lock.
    const uploaders = [...new Set(found.map((p) => p.user_id))];
    return images.withLocks([workspaceId, ...uploaders], async (tx) => {
      // Read again under the lock: a photo deleted or a pole removed meanwhile.
      const photos = await ownedPhotos(workspaceId, ids, tx);
      const pole = await poles.findOwned(workspaceId, body.pole_id, tx);
      if (!pole) throw notFound(messages.poleNotFound);
      const now: ImageRow[] = [];
      const moved: { id: string; from: string | null }[] = [];
      for (const photo of photos) {
        if (photo.pole_id === pole.id) {
          now.push(photo);
          continue;
        }
        const changes = changesFor(photo, pole);
        const updated = await poles.updateImage(tx, photo.id, changes, {
          userId: actor.userId,
          expected: null,
        });
        if (!updated) throw notFound(messages.imageNotFound);
        now.push(updated);
        moved.push({ id: photo.id, from: photo.pole_id });
        const before = Object.fromEntries(
          Object.keys(changes).map((k) => [k, photo[k as keyof ImageChanges]]),
        );
        const details = { before, after: changes };
        await audit(actor, { action: "image.update", targetType: "image", targetId: photo.id, details }, tx);
      }
      const left = [...new Set(moved.flatMap((m) => (m.from ? [m.from] : [])))];
      await poles.refresh(tx, [pole.id, ...left]);
      const kept = new Set(await poles.existing(tx, left));
      for (let i = 0; i < moved.length; i += PHOTOS_PER_EVENT) {
        const part = moved.slice(i, i + PHOTOS_PER_EVENT);
        const poleIds = [pole.id, ...new Set(part.flatMap((m) => (m.from ? [m.from] : [])))];
        const imageIds = part.map((m) => m.id);
        await publish({ workspaceId, type: "image.updated", actorId: actor.userId, imageIds, poleIds }, tx);
      }
      return {
        pole_id: pole.id,
        images: now.map(toImageRecord),
        moved: moved.length,
        removed_poles: left.filter((id) => !kept.has(id)),
      };
    });
  }

  return { move };
}

export type PhotoMove = ReturnType<typeof createPhotoMove>;
