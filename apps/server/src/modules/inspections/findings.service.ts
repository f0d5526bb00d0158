/**
 * Findings: added to a pole by anyone who may edit the workspace, edited, resolved once with the
 * action taken. Every change is in the audit trail with its before and after. A finding is never
 * deleted. Writes take the workspace's lock (the one uploads and pole moves take), so the pole's
 * roll-up triggers never interleave with a photo moving between poles.
 */
import {
  addDays,
  canEdit,
  FINDINGS_PAGE_LIMIT,
  inspectionTexts,
  messages,
  parseRegionKey,
  regionKey,
  safeNotes,
  workspaceTexts,
  type Finding,
  type FindingCreate,
  type FindingList,
  type FindingListQuery,
  type FindingPatch,
} from "@poleatlas/shared";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import type { Executor } from "../../infra/db/database";
import type { ImagesRepository } from "../photos/images.repository";
import type { Actor } from "../workspaces/actor";
import { latestDay, type Today } from "./clock";
import type { FindingRow, InspectionsRepository } from "./inspections.repository";
import type { SettingsService } from "./settings.service";

import { DAY, UUID } from "./cursor-parts";
import { keysetPage } from "../../infra/db/keyset-page";

export function toFinding(row: FindingRow, today: string): Finding {
  const { region_lon, region_lat, ...rest } = row;
  return {
    ...rest,
    region_id: regionKey(region_lon, region_lat),
    overdue: row.status === "open" && row.due_on < today,
  };
}

const encodeCursor = (row: FindingRow) => Buffer.from(`${row.due_on},${row.id}`).toString("base64url");

function decodeCursor(cursor: string): { dueOn: string; id: string } {
  const [dueOn = "", id = ""] = Buffer.from(cursor, "base64url").toString().split(",");
  if (!DAY.test(dueOn) || Number.isNaN(Date.parse(dueOn)) || !UUID.test(id)) {
    throw badRequest(messages.invalidCursor, "invalid_cursor");
  }
  return { dueOn, id };
}

/** The day a finding is to be fixed by; one past 9999-12-31 cannot be stored, so it is a 400. */
function dueOnOf(observedOn: string, days: number): string {
  const due = addDays(observedOn, days);
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
}) {
  const { repository, images, settings, audit, today, publish, poleOf } = deps;
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

  /** The day a finding is resolved on: today unless given, between its observation and today. */
  function resolvedOn(given: string | undefined, observedOn: string): string {
    const latest = latestDay(today());
    const day = given ?? today();
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
        const photo = body.image_id ? await photoOnPole(actor, pole.id, body.image_id, tx) : null;
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
        };
        const newId = await repository.insert(tx, row);
        const { workspaceId: _w, ...after } = row;
        await audit(
          actor,
          { action: "finding.create", targetType: "finding", targetId: newId, details: { after } },
          tx,
        );
        await poleChanged(actor, pole.id, tx);
        return newId;
      });
      return toFinding(await found(actor, id), today());
    },

    async patch(actor: Actor, id: string, patch: FindingPatch): Promise<Finding> {
      await found(actor, id);
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const s = await codesAndAllowance(actor, patch.code);
      await images.withLocks([actor.workspaceId], async (tx) => {
        const row = await found(actor, id, tx, true);
        const changes: Record<string, string | number | null> = {};
        if (patch.code !== undefined && patch.code !== row.code) changes.code = patch.code;
        if (patch.notes !== undefined) changes.notes = cleanNotes(patch.notes);
        if (patch.level !== undefined && patch.level !== row.level) {
          changes.level = patch.level;
          changes.due_on = dueOnOf(row.observed_on, s.allowanceDays[patch.level]);
        }
        if (patch.resolve) {
          if (row.status === "resolved") throw conflict(inspectionTexts.alreadyResolved, "already_resolved");
          const repair = patch.resolve.image_id
            ? await photoOnPole(actor, row.pole_id, patch.resolve.image_id, tx)
            : null;
          changes.status = "resolved";
          changes.resolved_on = resolvedOn(patch.resolve.resolved_on, row.observed_on);
          changes.resolved_by = actor.userId;
          changes.action = safeNotes(patch.resolve.action);
          changes.repair_image_id = repair?.id ?? null;
        }
        if (Object.keys(changes).length === 0) return;
        await repository.update(tx, id, changes);
        const before = Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof FindingRow]]));
        await audit(
          actor,
          {
            action: patch.resolve ? "finding.resolve" : "finding.update",
            targetType: "finding",
            targetId: id,
            details: { before, after: changes },
          },
          tx,
        );
        await poleChanged(actor, row.pole_id, tx);
      });
      return toFinding(await found(actor, id), today());
    },

    async list(actor: Actor, q: FindingListQuery): Promise<FindingList> {
      const limit = q.limit ?? FINDINGS_PAGE_LIMIT;
      let region: { longitude: number; latitude: number } | undefined;
      if (q.region !== undefined) {
        const parsed = parseRegionKey(q.region);
        if (!parsed) throw badRequest(messages.invalidRegion, "invalid_region");
        region = parsed;
      }
      const day = today();
      const rows = await repository.list({
        workspaceId: actor.workspaceId,
        status: q.status,
        overdueBefore: q.overdue ? day : undefined,
        level: q.level,
        region,
        poleId: q.pole,
        after: q.cursor === undefined ? undefined : decodeCursor(q.cursor),
        limit: limit + 1,
      });
      const { page, next } = keysetPage(rows, limit, encodeCursor);
      return {
        findings: page.map((r) => toFinding(r, day)),
        nextCursor: next,
      };
    },
  };
}

export type FindingsService = ReturnType<typeof createFindingsService>;
