/**
 * Findings: added to a pole by anyone who may edit the workspace, edited, resolved once with the
 * action taken. Every change is in the audit trail with its before and after. A finding is never
 * deleted. Writes take the workspace's lock (the one uploads and pole moves take), so the pole's
 * roll-up triggers never interleave with a photo moving between poles.
 */
import {
  canEdit,
  inspectionTexts,
  measureTexts,
  messages,
  regionKey,
  workspaceTexts,
  type Finding,
  type FindingCreate,
  type FindingList,
  type FindingListQuery,
  type FindingPatch,
  type InspectionSettings,
} from "@poleatlas/shared";
import { badRequest, editConflict, forbidden, notFound } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import { MAX_BULK_FINDINGS, workTexts, type FindingBulk } from "@poleatlas/shared";
import type { PublishEvent } from "../events/events.repository";
import type { Executor } from "../../infra/db/database";
import type { ImagesRepository } from "../photos/images.repository";
import type { Actor } from "../workspaces/actor";
import { latestDay, type Today } from "./clock";
import type { FindingRow, InspectionsRepository } from "./inspections.repository";
import type { SettingsService } from "./settings.service";

import { keysetPage } from "../../infra/db/keyset-page";
import { timeSlices } from "../../infra/limits/time-slices";
import { encodeCursor, filterOf } from "./finding-list-query";
import {
  cleanNotes,
  dueOnOf,
  planChange,
  writeChanges,
  type ChangeContext,
  type PlannedChange,
} from "./finding-changes";
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

  async function found(actor: Actor, id: string, tx?: Executor, lock = false): Promise<FindingRow> {
    const row = await repository.find(actor.workspaceId, id, tx, lock);
    if (!row) throw notFound(inspectionTexts.findingNotFound);
    return row;
  }

  /** What planChange needs: `isMember` asks once per user, so a bulk assignment asks once. */
  function changeContext(
    actor: Actor,
    s: Pick<InspectionSettings, "allowanceDays">,
    tx: Executor,
  ): ChangeContext {
    const members = new Map<string, Promise<boolean>>();
    return {
      today,
      allowanceDays: s.allowanceDays,
      isMember: (userId) => {
        let known = members.get(userId);
        if (!known) members.set(userId, (known = repository.isMember(actor.workspaceId, userId, tx)));
        return known;
      },
      photoOnPole: (poleId, imageId) => photoOnPole(actor, poleId, imageId, tx),
    };
  }
  const writeDeps = { repository, audit, publish, today };

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
        if (assignee)
          await repository.updateMany(tx, [newId], { assignee_id: assignee, work_status: "assigned" });
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
        const planned = await planChange(actor, row, patch, changeContext(actor, s, tx));
        if (!planned) return null;
        await writeChanges(actor, [planned], writeDeps, tx);
        return planned.news;
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
        ? // As PostgreSQL writes a uuid, so that each id finds its row.
          [...new Set(body.ids.map((id) => id.toLowerCase()))]
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
        const rows = await repository.findMany(tx, actor.workspaceId, ids);
        // Another workspace's finding is as good as none: the whole change is refused.
        if (rows.length < ids.length) throw notFound(inspectionTexts.findingNotFound);
        const byId = new Map(rows.map((r) => [r.id, r]));
        const context = changeContext(actor, s, tx);
        const planned: PlannedChange[] = [];
        // 5,000 findings are a few hundred ms of rules: other requests go between slices.
        const slices = timeSlices();
        for (const id of ids) {
          if (slices.due()) await slices.turn();
          const one = await planChange(actor, byId.get(id)!, body.patch, context);
          if (one) planned.push(one);
        }
        await writeChanges(actor, planned, writeDeps, tx);
        news.push(...planned.map((p) => p.news));
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
