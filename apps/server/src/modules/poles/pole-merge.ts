/**
 * POST /api/poles/:id/merge: a photo-made pole goes into another pole of the workspace (a register
 * pole, where its photos should have landed). Its photos, findings, visits and measurements move
 * over in one transaction under the workspace's lock and its photos' uploaders' (the locks the
 * photo and pole triggers take), the pole goes, the merge is audited on the pole it went into, and
 * one live event tells the workspace's maps. A register pole (imported, or given a tag) is never
 * merged: it is the utility's asset, and two of them are two assets.
 */
import {
  canEdit,
  messages,
  poleJoinTexts,
  workspaceTexts,
  type PoleCandidate,
  type PoleMergeResponse,
  type PoleRecord,
} from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import type { Executor } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import type { ImagesRepository } from "../photos/images.repository";
import type { Actor } from "../workspaces/actor";
import type { PolesRepository } from "./poles.repository";

/** Rounds of "lock, then find another uploader joined" before the merge gives up with a 409. */
const MAX_LOCK_ROUNDS = 3;

const moved = async (tx: Executor, table: string, from: string, into: string): Promise<number> => {
  const res = await tx.execute(
    sql`UPDATE ${sql.identifier(table)} SET pole_id = ${into}::uuid WHERE pole_id = ${from}::uuid`,
  );
  return res.rowCount ?? 0;
};

/**
 * Spans drawn to the merged pole go to the pole it became; a span of the merged pole's own
 * attachments to that pole would now go to itself, and is dropped (a span has two poles).
 */
const respanned = async (tx: Executor, workspaceId: string, from: string, into: string): Promise<number> => {
  const to = (id: string) => JSON.stringify([{ to_pole_id: id }]);
  const res = await tx.execute(
    sql`UPDATE pole_attachments a
        SET spans = COALESCE((
              SELECT jsonb_agg(CASE WHEN e->>'to_pole_id' = ${from}
                                    THEN jsonb_set(e, '{to_pole_id}', to_jsonb(${into}::text)) ELSE e END)
              FROM jsonb_array_elements(a.spans) e
              WHERE NOT (a.pole_id = ${into}::uuid AND coalesce(e->>'to_pole_id', '') IN (${from}, ${into}))
            ), '[]'::jsonb),
            version = a.version + 1, updated_at = now()
        WHERE a.workspace_id = ${workspaceId}
          AND (a.spans @> ${to(from)}::jsonb OR (a.pole_id = ${into}::uuid AND a.spans @> ${to(into)}::jsonb))`,
  );
  return res.rowCount ?? 0;
};

export function createPoleMerge(deps: {
  poles: PolesRepository;
  images: ImagesRepository;
  audit: AuditLog;
  publish: PublishEvent;
}) {
  const { poles, images, audit, publish } = deps;

  /** The register poles a photo-made pole may go into: within ASK_REACH_M, nearest first. */
  async function candidates(actor: Actor, poleId: string): Promise<PoleCandidate[]> {
    const pole = await poles.findOwned(actor.workspaceId, poleId);
    if (!pole) throw notFound(messages.poleNotFound);
    if (pole.source === "import" || pole.tag !== null) return [];
    const near = await poles.candidates(actor.workspaceId, pole);
    return near.filter((c) => c.pole_id !== pole.id);
  }

  async function merge(actor: Actor, fromId: string, intoId: string): Promise<PoleMergeResponse> {
    const { workspaceId } = actor;
    const [from, into] = await Promise.all([
      poles.findOwned(workspaceId, fromId),
      poles.findOwned(workspaceId, intoId),
    ]);
    if (!from || !into) throw notFound(messages.poleNotFound);
    if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
    if (from.id === into.id) throw badRequest(poleJoinTexts.mergeIntoItself, "same_pole");
    if (from.source === "import" || from.tag !== null) {
      throw conflict(poleJoinTexts.registerNotMerged, "register_pole");
    }
    // The uploaders' locks are taken with the workspace's, sorted, or the merge could deadlock
    // with an upload (which takes both the same way). The set is read before the locks, so it is
    // read again under them: a photo of someone else that joined meanwhile means another round
    // with their lock too (no photo joins a pole without the workspace's lock, which is held then).
    let uploaders = await images.uploadersOnPole(workspaceId, from.id);
    for (let round = 1; ; round++) {
      const locked = uploaders;
      const done = await images.withLocks([workspaceId, ...locked], async (tx) => {
        const now = await images.uploadersOnPole(workspaceId, from.id, tx);
        if (now.every((u) => locked.includes(u))) return mergeLocked(tx, actor, from, into);
        uploaders = [...new Set([...locked, ...now])];
        return null;
      });
      if (done) return done;
      if (round >= MAX_LOCK_ROUNDS) throw conflict(messages.editConflict, "edit_conflict");
    }
  }

  /** The merge itself, under the workspace's lock and every uploader's on the pole. */
  async function mergeLocked(
    tx: Executor,
    actor: Actor,
    from: PoleRecord,
    into: PoleRecord,
  ): Promise<PoleMergeResponse> {
    const { workspaceId } = actor;
    // Checked again under the lock: a tag given or a pole removed meanwhile.
    const now = await poles.findOwned(workspaceId, from.id, tx);
    if (!now || !(await poles.findOwned(workspaceId, into.id, tx))) throw notFound(messages.poleNotFound);
    if (now.source === "import" || now.tag !== null) {
      throw conflict(poleJoinTexts.registerNotMerged, "register_pole");
    }
    const photos = await tx.execute(
      sql`UPDATE utility_pole_images SET pole_id = ${into.id}::uuid, version = version + 1,
            updated_at = now(), updated_by = ${actor.userId}
          WHERE pole_id = ${from.id}::uuid RETURNING id::text AS id`,
    );
    const imageIds = (photos.rows as { id: string }[]).map((r) => r.id);
    const counts = {
      photos: imageIds.length,
      findings: await moved(tx, "utility_pole_findings", from.id, into.id),
      visits: await moved(tx, "utility_pole_visits", from.id, into.id),
      measurements: await moved(tx, "utility_pole_measurements", from.id, into.id),
    };
    // What was recorded hanging on the photo-made pole now hangs on the register's.
    const attachments = await moved(tx, "pole_attachments", from.id, into.id);
    await respanned(tx, workspaceId, from.id, into.id);
    await tx.execute(sql`DELETE FROM utility_poles WHERE id = ${from.id}::uuid`);
    await poles.refresh(tx, [into.id]);
    const details = { from: from.id, from_label: from.label, into_tag: into.tag, ...counts, attachments };
    await audit(actor, { action: "pole.merge", targetType: "pole", targetId: into.id, details }, tx);
    const poleIds = [from.id, into.id];
    await publish({ workspaceId, type: "image.updated", actorId: actor.userId, imageIds, poleIds }, tx);
    return { pole_id: into.id, moved: counts };
  }

  return { merge, candidates };
}

export type PoleMerge = ReturnType<typeof createPoleMerge>;
