/**
 * Attachments of a pole: read by anyone of the workspace, added, edited and removed by members.
 * Every change is audited on its pole (so the pole's history tells it) and heard by open screens
 * as `pole.updated`. Writes take the workspace's lock, the one uploads and pole merges take, so a
 * photo-made pole is never removed while an attachment is added to it.
 */
import {
  ATTACHMENT_LIMITS,
  attachmentTexts,
  canEdit,
  measureTexts,
  messages,
  workspaceTexts,
  type Attachment,
  type AttachmentCreate,
  type AttachmentPatch,
  type Span,
} from "@poleatlas/shared";
import { badRequest, editConflict, forbidden, notFound } from "../../errors";
import type { Executor } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import type { Actor } from "../workspaces/actor";
import type { AttachmentFields, AttachmentRow, AttachmentsRepository } from "./attachments.repository";
import { resolveSpans, spanPoleIds, type Position } from "./span-geometry";

export interface AttachmentsServiceDeps {
  repository: AttachmentsRepository;
  /** Runs `fn` in one transaction holding the workspaces' locks (the photos' repository's). */
  withLocks: <T>(keys: string[], fn: (tx: Executor) => Promise<T>) => Promise<T>;
  /** The workspace's pole, or null (another workspace's pole is as good as none). */
  poleOf: (workspaceId: string, id: string, tx?: Executor) => Promise<(Position & { id: string }) | null>;
  /** The workspace's measurement, or null. */
  measurementOf: (workspaceId: string, id: string, tx: Executor) => Promise<{ pole_id: string } | null>;
  audit: AuditLog;
  publish: PublishEvent;
}

const comparable = (v: unknown) => JSON.stringify(v ?? null);

/**
 * Ids as the database writes them (lower case): an id is any case on the way in, and a span's
 * pole is looked up, compared and stored by its text.
 */
function lowerIds<T extends AttachmentFields>(fields: T): T {
  if (!fields.spans) return fields;
  const spans = fields.spans.map((s) =>
    "to_pole_id" in s ? { ...s, to_pole_id: s.to_pole_id.toLowerCase() } : s,
  );
  return { ...fields, spans };
}

export function createAttachmentsService(deps: AttachmentsServiceDeps) {
  const { repository, withLocks, poleOf, measurementOf, audit, publish } = deps;

  const poleNotFound = () => notFound(messages.poleNotFound);
  const attachmentNotFound = () => notFound(attachmentTexts.notFound);

  async function ownedPole(actor: Actor, id: string, tx?: Executor) {
    const pole = await poleOf(actor.workspaceId, id, tx);
    if (!pole) throw poleNotFound();
    return pole;
  }

  function requireEdit(actor: Actor) {
    if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
  }

  /** The rows as answered: spans to poles measured between the two positions as they are now. */
  async function answer(actor: Actor, pole: Position, list: AttachmentRow[], tx?: Executor) {
    const ids = [...new Set(list.flatMap((a) => spanPoleIds(a.spans)))];
    const positions = new Map((await repository.positions(actor.workspaceId, ids, tx)).map((p) => [p.id, p]));
    return list.map(({ workspace_id: _w, ...a }): Attachment => ({
      ...a,
      spans: resolveSpans(a.spans, pole, positions),
    }));
  }

  /** Spans go to this workspace's other poles; a measurement is this workspace's. */
  async function checkReferences(actor: Actor, poleId: string, fields: AttachmentFields, tx: Executor) {
    const spans: Span[] = fields.spans ?? [];
    const targets = [...new Set(spanPoleIds(spans))];
    if (targets.includes(poleId)) throw badRequest(attachmentTexts.spanToItself, "span_to_itself");
    const found = await repository.positions(actor.workspaceId, targets, tx);
    if (found.length !== targets.length) throw notFound(attachmentTexts.spanPoleNotFound);
    if (fields.measurement_id && !(await measurementOf(actor.workspaceId, fields.measurement_id, tx))) {
      throw notFound(measureTexts.measurementNotFound);
    }
  }

  async function changed(actor: Actor, poleId: string, tx: Executor) {
    const event = { workspaceId: actor.workspaceId, actorId: actor.userId, poleIds: [poleId] };
    await publish({ ...event, type: "pole.updated" }, tx);
  }

  async function one(actor: Actor, id: string, tx?: Executor, lock = false) {
    const row = await repository.findOwned(actor.workspaceId, id, tx, lock);
    if (!row) throw attachmentNotFound();
    return row;
  }

  async function current(actor: Actor, row: AttachmentRow, tx?: Executor): Promise<Attachment> {
    const pole = await ownedPole(actor, row.pole_id, tx);
    const [only] = await answer(actor, pole, [row], tx);
    return only!;
  }

  /**
   * The attachment locked for a change (its version cannot move before the write), when it is
   * still at `expected` (null: whatever it is); else a 412 with it as it is now.
   */
  async function unchanged(actor: Actor, id: string, expected: number | null, tx: Executor) {
    const row = await one(actor, id, tx, true);
    if (expected !== null && row.version !== expected) {
      throw editConflict(messages.editConflict, { attachment: await current(actor, row, tx) });
    }
    return row;
  }

  return {
    async list(actor: Actor, poleId: string): Promise<Attachment[]> {
      const pole = await ownedPole(actor, poleId);
      return answer(actor, pole, await repository.list(poleId));
    },

    async create(actor: Actor, given: string, sent: AttachmentCreate): Promise<Attachment> {
      const poleId = given.toLowerCase();
      const body = lowerIds(sent);
      await ownedPole(actor, poleId);
      requireEdit(actor);
      const id = await withLocks([actor.workspaceId], async (tx) => {
        // Checked again under the lock: the pole may have been merged away meanwhile.
        await ownedPole(actor, poleId, tx);
        if ((await repository.count(poleId, tx)) >= ATTACHMENT_LIMITS.perPole) {
          throw badRequest(attachmentTexts.tooMany(ATTACHMENT_LIMITS.perPole), "too_many_attachments");
        }
        await checkReferences(actor, poleId, body, tx);
        const newId = await repository.insert(tx, {
          workspaceId: actor.workspaceId,
          poleId,
          userId: actor.userId,
          fields: body,
        });
        const details = { attachment_id: newId, after: body };
        await audit(
          actor,
          { action: "attachment.create", targetType: "pole", targetId: poleId, details },
          tx,
        );
        await changed(actor, poleId, tx);
        return newId;
      });
      return current(actor, await one(actor, id));
    },

    /**
     * `expected`: the version the caller's If-Match names (null: none, the last write wins); a
     * stale one is a 412 carrying the attachment as it is now, whether or not the patch changes it.
     */
    async patch(
      actor: Actor,
      id: string,
      patch: AttachmentPatch,
      expected: number | null,
    ): Promise<Attachment> {
      await one(actor, id);
      requireEdit(actor);
      await withLocks([actor.workspaceId], async (tx) => {
        const row = await unchanged(actor, id, expected, tx);
        const fields = lowerIds(patch as AttachmentFields);
        const changes = Object.fromEntries(
          Object.entries(fields).filter(
            ([k, v]) => comparable(v) !== comparable(row[k as keyof AttachmentRow]),
          ),
        ) as AttachmentFields;
        if (Object.keys(changes).length === 0) return;
        await checkReferences(actor, row.pole_id, changes, tx);
        await repository.update(tx, id, changes, actor.userId);
        const before = Object.fromEntries(
          Object.keys(changes).map((k) => [k, row[k as keyof AttachmentRow]]),
        );
        const details = { attachment_id: id, before, after: changes };
        await audit(
          actor,
          { action: "attachment.update", targetType: "pole", targetId: row.pole_id, details },
          tx,
        );
        await changed(actor, row.pole_id, tx);
      });
      return current(actor, await one(actor, id));
    },

    /** Removes it (a stale If-Match: 412 with the attachment as it is now). */
    async remove(actor: Actor, id: string, expected: number | null): Promise<void> {
      await one(actor, id);
      requireEdit(actor);
      await withLocks([actor.workspaceId], async (tx) => {
        const row = await unchanged(actor, id, expected, tx);
        await repository.remove(tx, id);
        const { workspace_id: _w, id: _id, pole_id: poleId, version: _v, ...before } = row;
        const details = { attachment_id: id, before };
        await audit(
          actor,
          { action: "attachment.delete", targetType: "pole", targetId: poleId, details },
          tx,
        );
        await changed(actor, poleId, tx);
      });
    },
  };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
