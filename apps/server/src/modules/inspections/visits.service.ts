/**
 * Inspection visits: recorded on a pole by anyone who may edit the workspace, read by anyone in
 * it. A visit is dated no later than today, is of one of the workspace's types, and names only
 * the pole's own findings and photos. Each is in the audit trail under its pole; the pole's
 * marker changes colour, so open screens hear `pole.updated`. Writes take the workspace's lock,
 * as findings do, so the pole's roll-up triggers never interleave with a photo moving poles.
 */
import {
  canEdit,
  messages,
  safeLabel,
  safeNotes,
  VISITS_PAGE_LIMIT,
  visitTexts,
  workspaceTexts,
  type InspectionType,
  type Visit,
  type VisitCreate,
  type VisitList,
  type VisitListQuery,
  type VisitSource,
} from "@poleatlas/shared";
import { badRequest, forbidden, notFound } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import type { ImagesRepository } from "../photos/images.repository";
import type { Actor } from "../workspaces/actor";
import { latestDay, type Today } from "./clock";
import type { SettingsService } from "./settings.service";
import type { VisitKey, VisitRow, VisitsRepository } from "./visits.repository";

import { DAY, UUID } from "./cursor-parts";
import { keysetPage } from "../../infra/db/keyset-page";

export function toVisit(row: VisitRow, types: InspectionType[]): Visit {
  return { ...row, type_name: types.find((t) => t.code === row.type)?.name ?? row.type };
}

const encodeCursor = (r: VisitRow) =>
  Buffer.from(`${r.inspected_on},${r.created_at},${r.id}`).toString("base64url");

function decodeCursor(cursor: string): VisitKey {
  const [inspectedOn = "", createdAt = "", id = ""] = Buffer.from(cursor, "base64url").toString().split(",");
  if (!DAY.test(inspectedOn) || Number.isNaN(Date.parse(createdAt)) || !UUID.test(id)) {
    throw badRequest(messages.invalidCursor, "invalid_cursor");
  }
  return { inspectedOn, createdAt, id };
}

const clean = (text: string | undefined, keep: (s: string) => string) => {
  const t = text ? keep(text).trim() : "";
  return t ? t : null;
};

export function createVisitsService(deps: {
  repository: VisitsRepository;
  images: ImagesRepository;
  settings: SettingsService;
  audit: AuditLog;
  today: Today;
  publish: PublishEvent;
  /** The pole of the workspace, or null (another workspace's pole is as good as none). */
  poleOf: (workspaceId: string, id: string) => Promise<{ id: string } | null>;
}) {
  const { repository, images, settings, audit, today, publish, poleOf } = deps;

  async function ownPole(actor: Actor, poleId: string) {
    const pole = await poleOf(actor.workspaceId, poleId);
    if (!pole) throw notFound(messages.poleNotFound);
    return pole;
  }

  const typesOf = async (actor: Actor) => (await settings.get(actor)).inspectionTypes;

  return {
    /**
     * Records a visit; `source` says where it came from (the app, an import). Returns the visit
     * as the pole's record lists it.
     */
    async record(
      actor: Actor,
      poleId: string,
      body: VisitCreate,
      source: VisitSource = "app",
    ): Promise<Visit> {
      const pole = await ownPole(actor, poleId);
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const types = await typesOf(actor);
      if (!types.some((t) => t.code === body.type)) {
        throw badRequest(visitTexts.unknownType(body.type), "unknown_type");
      }
      if (body.inspected_on > latestDay(today())) throw badRequest(visitTexts.futureDate, "future_date");
      const findingIds = [...new Set(body.finding_ids ?? [])];
      const imageIds = [...new Set(body.image_ids ?? [])];
      const id = await images.withLocks([actor.workspaceId], async (tx) => {
        const ws = actor.workspaceId;
        const on = { workspaceId: ws, poleId: pole.id };
        if ((await repository.countOnPole(tx, "findings", on, findingIds)) !== findingIds.length) {
          throw badRequest(visitTexts.findingNotOnPole, "finding_not_on_pole");
        }
        if ((await repository.countOnPole(tx, "photos", on, imageIds)) !== imageIds.length) {
          throw badRequest(visitTexts.photoNotOnPole, "photo_not_on_pole");
        }
        const row = {
          workspaceId: ws,
          poleId: pole.id,
          type: body.type,
          inspectedOn: body.inspected_on,
          inspector: clean(body.inspector, safeLabel),
          result: body.result,
          notes: clean(body.notes, safeNotes),
          findingIds,
          imageIds,
          source,
          createdBy: actor.userId,
        };
        const newId = await repository.insert(tx, row);
        const { workspaceId: _w, poleId: pole_id, ...rest } = row;
        await audit(
          actor,
          {
            action: "visit.record",
            targetType: "pole",
            targetId: pole.id,
            // The type's name as it is now: the history reads "Detailed inspection …" even if renamed later.
            details: {
              after: { pole_id, ...rest, type_name: types.find((t) => t.code === body.type)!.name },
            },
          },
          tx,
        );
        await publish(
          { workspaceId: ws, actorId: actor.userId, type: "pole.updated", poleIds: [pole.id] },
          tx,
        );
        return newId;
      });
      const saved = await repository.find(actor.workspaceId, id);
      if (!saved) throw new Error("a visit just recorded is gone");
      return toVisit(saved, types);
    },

    /** A pole's visits, newest first. */
    async ofPole(actor: Actor, poleId: string): Promise<Visit[]> {
      const pole = await ownPole(actor, poleId);
      const [rows, types] = await Promise.all([
        repository.ofPole(actor.workspaceId, pole.id),
        typesOf(actor),
      ]);
      return rows.map((r) => toVisit(r, types));
    },

    /** The workspace's visits, newest first, a page at a time. */
    async list(actor: Actor, q: VisitListQuery): Promise<VisitList> {
      const limit = q.limit ?? VISITS_PAGE_LIMIT;
      const [rows, types] = await Promise.all([
        repository.list({
          workspaceId: actor.workspaceId,
          from: q.from,
          to: q.to,
          type: q.type,
          before: q.cursor === undefined ? undefined : decodeCursor(q.cursor),
          limit: limit + 1,
        }),
        typesOf(actor),
      ]);
      const { page, next } = keysetPage(rows, limit, encodeCursor);
      return {
        inspections: page.map((r) => toVisit(r, types)),
        nextCursor: next,
      };
    },
  };
}

export type VisitsService = ReturnType<typeof createVisitsService>;
