/**
 * Findings: added to a pole by anyone who may edit the workspace, edited, resolved once with the
 * action taken. Every change is in the audit trail with its before and after. A finding is never
 * deleted. Writes take the workspace's lock (the one uploads and pole moves take), so the pole's
 * roll-up triggers never interleave with a photo moving between poles.
 */
import {
  canEdit,
  dueAfterAllowance,
  inspectionTexts,
  measureTexts,
  messages,
  regionKey,
  safeNotes,
  workspaceTexts,
  type Finding,
  type FindingCreate,
  type FindingList,
  type FindingListQuery,
  type FindingPatch,
  type InspectionSettings,
} from "@poleatlas/shared";
import { badRequest, conflict, editConflict, forbidden, notFound } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import { MAX_BULK_FINDINGS, workTexts, type AuditAction, type FindingBulk } from "@poleatlas/shared";
import type { PublishEvent } from "../events/events.repository";
import type { Executor } from "../../infra/db/database";
import type { ImagesRepository } from "../photos/images.repository";
import type { Actor } from "../workspaces/actor";
import { latestDay, withinADay, type Today } from "./clock";
import type { FindingRow, InspectionsRepository } from "./inspections.repository";
import type { SettingsService } from "./settings.service";

import { DAY } from "./cursor-parts";
import { keysetPage } from "../../infra/db/keyset-page";
import { encodeCursor, filterOf } from "./finding-list-query";
import { planWork, type Changes } from "./finding-work";
import type { FindingNews, NotifyFindings } from "./finding-news";

export function toFinding(row: FindingRow, today: string): Finding {
  const { region_lon, region_lat, ...all } = row;
  const { sort_key: _key, ...rest } = all as typeof all & { sort_key?: string };
  return {
    ...rest,
    region_id: regionKey(region_lon, region_lat),
    overdue: row.status !== "resolved" && row.due_on < today,
  };
}

/** The day a finding is to be fixed by; one past 9999-12-31 cannot be stored, so it is a 400. */
function dueOnOf(observedOn: string, days: number): string {
  const due = dueAfterAllowance(observedOn, days);
  if (!DAY.test(due)) throw badRequest(inspectionTexts.dueDateTooLate, "due_date_out_of_range");
  return due;
}

const cleanNotes = (notes: string | null | undefined) => {
  const text = notes ? safeNotes(notes) : "";
  return text.trim() ? text : null;
};

export function createFindingsService(deps: {
  repository: InspectionsRepository;
  images: ImagesRepository;
  settings: SettingsService;
  audit: AuditLog;
  today: Today;
  /** A finding's change recolours its pole: open screens hear `pole.updated` (with the change). */
  publish: PublishEvent;
  /** The pole of the workspace, or null (another workspace's pole is as good as none). */
  poleOf: (workspaceId: string, id: string) => Promise<{ id: string } | null>;
  /** The workspace's measurement, or null (another workspace's is as good as none). */
  measurementOf: (
    workspaceId: string,
    id: string,
    tx: Executor,
  ) => Promise<{ pole_id: string; image_id: string } | null>;
  /** Told of new Level 1 findings and assignments once committed; it never fails the request. */
  notify?: NotifyFindings;
}) {
  const { repository, images, settings, audit, today, publish, poleOf, measurementOf } = deps;
  const notify = deps.notify ?? (() => {});
  const poleChanged = (actor: Actor, poleId: string, tx: Executor) =>
    publish(
      { workspaceId: actor.workspaceId, actorId: actor.userId, type: "pole.updated", poleIds: [poleId] },
      tx,
    );

  async function codesAndAllowance(actor: Actor, code: string | undefined) {
    const s = await settings.get(actor);
    if (code !== undefined && !s.codes.some((c) => c.code === code)) {
      throw badRequest(inspectionTexts.unknownCode(code), "unknown_code");
    }
    return s;
  }

  /** A photo of this workspace on this pole, for a finding or its repair. */
  async function photoOnPole(actor: Actor, poleId: string, imageId: string, tx: Executor) {
    const photo = await images.findOwned(actor.workspaceId, imageId, tx);
    if (!photo) throw notFound(messages.imageNotFound);
    if (photo.pole_id !== poleId) throw badRequest(inspectionTexts.photoNotOnPole, "photo_not_on_pole");
    return photo;
  }

  /** A measurement of this workspace on this pole, for the finding it suggested. */
  async function measurementOnPole(actor: Actor, poleId: string, id: string, tx: Executor) {
    const measurement = await measurementOf(actor.workspaceId, id, tx);
    if (!measurement) throw notFound(measureTexts.measurementNotFound);
    if (measurement.pole_id !== poleId) {
      throw badRequest(measureTexts.measurementOfOtherPole, "measurement_of_other_pole");
    }
    return measurement;
  }

  /**
   * The day a finding is resolved on: today unless given, between its observation and today.
   * Today is the client's own when it says (within a day of the server's: every time zone is),
   * else the server's with tomorrow allowed for users east of UTC.
   */
  function resolvedOn(given: string | undefined, observedOn: string, clientToday?: string): string {
    const serverToday = today();
    if (clientToday !== undefined && !withinADay(clientToday, serverToday)) {
      throw badRequest(inspectionTexts.clientDateOff(clientToday, serverToday), "client_date_off");
    }
    const latest = clientToday ?? latestDay(serverToday);
    const day = given ?? clientToday ?? serverToday;
    if (day > latest) throw badRequest(inspectionTexts.resolvedInFuture(latest), "date_in_future");
    if (day < observedOn) {
      throw badRequest(inspectionTexts.resolvedBeforeObserved(observedOn), "resolved_before_observed");
    }
    return day;
  }

  async function found(actor: Actor, id: string, tx?: Executor, lock = false): Promise<FindingRow> {
    const row = await repository.find(actor.workspaceId, id, tx, lock);
    if (!row) throw notFound(inspectionTexts.findingNotFound);
    return row;
  }

  /** Changes of a locked finding: the edit, the work, the extension, the resolution, each audited. */
  async function applyPatch(
    actor: Actor,
    row: FindingRow,
    patch: FindingPatch,
    s: Pick<InspectionSettings, "allowanceDays">,
    tx: Executor,
  ): Promise<FindingNews | null> {
    if (patch.resolve && row.status === "resolved") {
      throw conflict(inspectionTexts.alreadyResolved, "already_resolved");
    }
    const plan = await planWork(row, patch, patch.resolve !== undefined, (userId) =>
      repository.isMember(actor.workspaceId, userId, tx),
    );
    const edit: Changes = {};
    if (patch.code !== undefined && patch.code !== row.code) edit.code = patch.code;
    if (patch.notes !== undefined) edit.notes = cleanNotes(patch.notes);
    if (patch.level !== undefined && patch.level !== row.level) {
      edit.level = patch.level;
      // A new level is a new rule's date: the clock restarts from it (past extensions stay listed).
      edit.due_on = dueOnOf(row.observed_on, s.allowanceDays[patch.level]);
      edit.original_due_on = null;
    }
    const resolve: Changes = {};
    if (patch.resolve) {
      const repair = patch.resolve.image_id
        ? await photoOnPole(actor, row.pole_id, patch.resolve.image_id, tx)
        : null;
      resolve.status = "resolved";
      resolve.work_status = "resolved";
      resolve.resolved_on = resolvedOn(patch.resolve.resolved_on, row.observed_on, patch.resolve.today);
      resolve.resolved_by = actor.userId;
      resolve.action = safeNotes(patch.resolve.action);
      resolve.repair_image_id = repair?.id ?? null;
    }
    const extend: Changes = plan.extension
      ? { due_on: plan.extension.to, original_due_on: row.original_due_on }
      : {};
    const all = { ...edit, ...plan.work, ...extend, ...resolve };
    if (Object.keys(all).length === 0) return null;
    await repository.update(tx, row.id, all);
    if (plan.extension) {
      await repository.addExtension(tx, {
        workspaceId: actor.workspaceId,
        findingId: row.id,
        ...plan.extension,
        by: actor.userId,
        on: today(),
      });
    }
    const before = (changes: Changes) =>
      Object.fromEntries(
        Object.keys(changes).map((k) => [k, k === "work_status" ? row.status : row[k as keyof FindingRow]]),
      );
    const entries: [AuditAction, Changes, Record<string, unknown>?][] = [
      ["finding.update", edit],
      ["finding.assign", plan.work],
      [
        "finding.extend",
        { due_on: extend.due_on ?? null },
        { reason: plan.extension?.reason, original_due_on: row.original_due_on },
      ],
      ["finding.resolve", resolve],
    ];
    for (const [action, changes, extra] of entries) {
      if (action === "finding.extend" ? !plan.extension : Object.keys(changes).length === 0) continue;
      await audit(
        actor,
        {
          action,
          targetType: "finding",
          targetId: row.id,
          details: { before: before(changes), after: changes, ...extra },
        },
        tx,
      );
    }
    await poleChanged(actor, row.pole_id, tx);
    return {
      findingId: row.id,
      level1: edit.level === 1 && row.status !== "resolved",
      assignedTo: typeof plan.work.assignee_id === "string" ? plan.work.assignee_id : null,
    };
  }

  return {
    async create(actor: Actor, poleId: string, body: FindingCreate): Promise<Finding> {
      const pole = await poleOf(actor.workspaceId, poleId);
      if (!pole) throw notFound(messages.poleNotFound);
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      if (body.observed_on !== undefined && body.observed_on > latestDay(today())) {
        throw badRequest(inspectionTexts.observedInFuture(latestDay(today())), "date_in_future");
      }
      const s = await codesAndAllowance(actor, body.code);
      const id = await images.withLocks([actor.workspaceId], async (tx) => {
        const measurement = body.measurement_id
          ? await measurementOnPole(actor, pole.id, body.measurement_id, tx)
          : null;
        // A suggested finding was seen on the measured photo unless another of the pole's is named.
        const imageId = body.image_id ?? measurement?.image_id;
        const photo = imageId ? await photoOnPole(actor, pole.id, imageId, tx) : null;
        const assignee = body.assignee_id ?? null;
        if (assignee && !(await repository.isMember(actor.workspaceId, assignee, tx))) {
          throw badRequest(workTexts.assigneeNotMember, "assignee_not_member");
        }
        // Recorded today unless said otherwise: the photo may be weeks old, and a finding dated by
        // it would be born overdue.
        const observedOn = body.observed_on ?? today();
        const row = {
          workspaceId: actor.workspaceId,
          poleId: pole.id,
          imageId: photo?.id ?? null,
          code: body.code,
          level: body.level,
          notes: cleanNotes(body.notes),
          observedOn,
          dueOn: dueOnOf(observedOn, s.allowanceDays[body.level]),
          createdBy: actor.userId,
          measurementId: body.measurement_id ?? null,
        };
        const newId = await repository.insert(tx, row);
        // Assigned as it is recorded: the work starts at "assigned", as a PATCH would move it.
        if (assignee) await repository.update(tx, newId, { assignee_id: assignee, work_status: "assigned" });
        const { workspaceId: _w, ...recorded } = row;
        const after = assignee ? { ...recorded, assigneeId: assignee } : recorded;
        await audit(
          actor,
          { action: "finding.create", targetType: "finding", targetId: newId, details: { after } },
          tx,
        );
        await poleChanged(actor, pole.id, tx);
        return newId;
      });
      notify(actor, [{ findingId: id, level1: body.level === 1, assignedTo: body.assignee_id ?? null }]);
      return toFinding(await found(actor, id), today());
    },

    /**
     * `expected`: the version the caller's If-Match names (null: none, the last write wins); a
     * stale one is a 412 carrying the finding as it is now, whether or not the patch changes it.
     */
    async patch(
      actor: Actor,
      id: string,
      patch: FindingPatch,
      expected: number | null = null,
    ): Promise<Finding> {
      await found(actor, id);
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      if (patch.level !== undefined && patch.due_on !== undefined) {
        throw badRequest(workTexts.levelOrExtension, "level_and_extension");
      }
      const s = await codesAndAllowance(actor, patch.code);
      const news = await images.withLocks([actor.workspaceId], async (tx) => {
        // The row is locked: its version cannot move between this check and the UPDATE.
        const row = await found(actor, id, tx, true);
        if (expected !== null && row.version !== expected) {
          throw editConflict(messages.editConflict, { finding: toFinding(row, today()) });
        }
        return applyPatch(actor, row, patch, s, tx);
      });
      if (news) notify(actor, [news]);
      return toFinding(await found(actor, id), today());
    },

    /**
     * One change to many findings (a selection, or every finding of a filter, at most
     * MAX_BULK_FINDINGS): all of it or nothing, each finding audited as if patched alone.
     */
    async bulk(actor: Actor, body: FindingBulk): Promise<{ changed: number }> {
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const ids = body.ids
        ? [...new Set(body.ids)]
        : await repository.idsOf({
            ...filterOf(actor, body.filter ?? {}, today()),
            limit: MAX_BULK_FINDINGS + 1,
          });
      if (ids.length > MAX_BULK_FINDINGS) {
        throw badRequest(workTexts.bulkTooMany(MAX_BULK_FINDINGS), "bulk_too_many");
      }
      const s = await codesAndAllowance(actor, undefined);
      const news: FindingNews[] = [];
      await images.withLocks([actor.workspaceId], async (tx) => {
        for (const id of ids) {
          const one = await applyPatch(actor, await found(actor, id, tx, true), body.patch, s, tx);
          if (one) news.push(one);
        }
      });
      notify(actor, news);
      return { changed: ids.length };
    },

    async list(actor: Actor, q: FindingListQuery): Promise<FindingList> {
      const day = today();
      const filter = filterOf(actor, q, day);
      const rows = await repository.list(filter);
      const { page, next } = keysetPage(rows, filter.limit - 1, encodeCursor(filter.sort!));
      return { findings: page.map((r) => toFinding(r, day)), nextCursor: next };
    },
  };
}

export type FindingsService = ReturnType<typeof createFindingsService>;
