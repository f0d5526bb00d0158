/**
 * The rules about poles and inspections: who may see and change what, which pole a photo joins,
 * and the risk roll-up. Every change that can move a photo between poles runs under the workspace's
 * lock (the one uploads take), so a pole is never started twice at one spot nor removed while a
 * photo joins it.
 */
import {
  canEdit,
  MAX_WORKSPACE_ATTRIBUTE_NAMES,
  messages,
  poleRecordTexts,
  parseRegionKey,
  regionKey,
  safeLabel,
  safeNotes,
  strengthOf,
  type Finding,
  type PoleInspection,
  type PoleSearchHit,
  type PoleTagHit,
  type PoleSearchQuery,
  type ImagePatch,
  type PoleRecord,
  type PolePatch,
  type PoleTimeline,
  type RegionInspection,
  type RegionRisk,
  workspaceTexts,
} from "@poleatlas/shared";
import { badRequest, conflict, editConflict, forbidden, isUniqueViolation, notFound } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import type { Actor } from "../workspaces/actor";
import { localDateAt } from "../photos/capture-time";
import { toImageRecord } from "../photos/image-record";
import type { ImagesRepository } from "../photos/images.repository";
import type { PhotoAnswer } from "../photos/images.service";
import { isWaiting, placeSeen, type RegionPoles } from "../photos/pole-placement";
import type { ImageChanges, InspectionDates, PoleColumn, PolesRepository } from "./poles.repository";

/**
 * What poles show of inspections (the inspections module provides it): the days a pole's state
 * turns on, a pole's condition and findings, the regions' counts.
 */
export interface PoleInspections {
  condition: {
    thresholds(): InspectionDates;
    ofPole(actor: Actor, poleId: string): Promise<PoleInspection>;
    byRegion(actor: Actor): Promise<(lon: number, lat: number) => RegionInspection>;
  };
  findingsOf(poleId: string): Promise<Finding[]>;
}

export interface PolesServiceDeps {
  poles: PolesRepository;
  images: ImagesRepository;
  /** SPOT_RADIUS_METERS */
  spotRadiusMeters: number;
  audit: AuditLog;
  /** Each change reaches the workspace's open screens (with the change's transaction). */
  publish: PublishEvent;
  inspections: PoleInspections;
}

const NO_RISK: RegionRisk = { high: 0, medium: 0, low: 0, unrated: 0 };

/**
 * A field's value as compared for "did it change": attributes by name, whatever their order (the
 * database keeps its own), so the same attributes sent back are no change and no audit entry.
 */
const comparable = (v: unknown) =>
  JSON.stringify(
    v !== null && typeof v === "object"
      ? Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))
      : (v ?? null),
  );

export function createPolesService({
  poles,
  images,
  spotRadiusMeters,
  audit,
  publish,
  inspections,
}: PolesServiceDeps) {
  const poleNotFound = () => notFound(messages.poleNotFound);

  async function ownedPole(workspaceId: string, id: string): Promise<PoleRecord> {
    const pole = await poles.findOwned(workspaceId, id);
    if (!pole) throw poleNotFound();
    // The loading check's inputs as it takes them: measured, defaulted, or missing.
    return { ...pole, strength: strengthOf(pole) };
  }

  return {
    /** The caller's poles in one region, compact (poleMarkersWireSchema), as JSON text. */
    async regionMarkersJson(actor: Actor, regionId: string): Promise<string> {
      const region = parseRegionKey(regionId);
      if (!region) throw badRequest(messages.invalidRegion, "invalid_region");
      return poles.markersJson(actor.workspaceId, region, inspections.condition.thresholds());
    },

    /**
     * Poles of the caller's active workspace whose label holds the text, for the search box. Any
     * member may search (viewers too): it shows only what the map already shows them. The
     * workspace is the actor's, resolved from the session's membership, so another workspace's
     * poles never match.
     */
    async search({ workspaceId }: Actor, { q, limit }: PoleSearchQuery): Promise<PoleSearchHit[]> {
      const found = await poles.search(workspaceId, q, limit);
      return found.map((p) => ({
        id: p.id,
        label: p.label,
        tag: p.tag,
        latitude: p.latitude,
        longitude: p.longitude,
        region_id: regionKey(p.region_lon, p.region_lat),
        photo_count: p.photo_count,
      }));
    },

    /** GET /api/poles?tag=PREFIX: any member (viewers too) finds poles of the active workspace. */
    byTag({ workspaceId }: Actor, tag: string, limit: number): Promise<PoleTagHit[]> {
      return poles.byTagPrefix(workspaceId, tag, limit);
    },

    /** The move list's candidates: only the active workspace's poles are found. */
    byIds({ workspaceId }: Actor, ids: readonly string[]): Promise<PoleTagHit[]> {
      return poles.byIds(workspaceId, [...new Set(ids.map((id) => id.toLowerCase()))]);
    },

    /** The pole with its condition, its timeline (photos in list order) and its findings. */
    async get(actor: Actor, id: string): Promise<PoleTimeline> {
      const pole = await ownedPole(actor.workspaceId, id);
      const [timeline, inspection, findings] = await Promise.all([
        poles.timeline(id),
        inspections.condition.ofPole(actor, id),
        inspections.findingsOf(id),
      ]);
      return { pole: { ...pole, ...inspection }, images: timeline.map(toImageRecord), findings };
    },

    /**
     * PATCH /api/poles/:id: the label and the register's fields given (members and up). Only the
     * fields that change are written and audited, with their values before and after. `expected`:
     * the version the caller's If-Match names (null: none, the last write wins); a stale one is a
     * 412 carrying the pole as it is now.
     */
    async patch(
      actor: Actor,
      id: string,
      patch: PolePatch,
      expected: number | null = null,
    ): Promise<PoleRecord> {
      const pole = await ownedPole(actor.workspaceId, id);
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const wanted: Partial<Record<PoleColumn, unknown>> = { ...patch };
      if (patch.label !== undefined) wanted.label = safeLabel(patch.label);
      if (typeof patch.tag === "string") wanted.tag = safeLabel(patch.tag);
      const changes = Object.fromEntries(
        Object.entries(wanted).filter(([k, v]) => comparable(v) !== comparable(pole[k as PoleColumn])),
      ) as Partial<Record<PoleColumn, unknown>>;
      // A stale tag is refused even when nothing would change: the caller's copy is out of date,
      // and a 200 would tell it that what it holds is the pole as it is.
      if (expected !== null && pole.version !== expected) throw editConflict(messages.editConflict, { pole });
      if (Object.keys(changes).length === 0) return pole;
      // The fields and their audit entry commit together, or neither does.
      await images.withLocks([actor.workspaceId], async (tx) => {
        const change = { userId: actor.userId, expected };
        // A name no other pole has must leave the workspace within its cap of names (each is an
        // export column); checked under the lock imports write under.
        const given = changes.attributes as Record<string, unknown> | undefined;
        if (given && Object.keys(given).some((name) => !Object.hasOwn(pole.attributes, name))) {
          const count = await poles.attributeNamesWith(actor.workspaceId, pole.id, Object.keys(given), tx);
          if (count > MAX_WORKSPACE_ATTRIBUTE_NAMES)
            throw badRequest(
              poleRecordTexts.tooManyWorkspaceNames(MAX_WORKSPACE_ATTRIBUTE_NAMES),
              "too_many_attribute_names",
            );
        }
        let written: boolean;
        try {
          written = await poles.setFields(actor.workspaceId, pole.id, changes, change, tx);
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(messages.poleTagTaken(String(changes.tag)), "tag_taken");
          throw err;
        }
        if (!written) {
          const now = await poles.findOwned(actor.workspaceId, pole.id, tx);
          if (!now) throw poleNotFound();
          throw editConflict(messages.editConflict, { pole: now });
        }
        const before = Object.fromEntries(Object.keys(changes).map((k) => [k, pole[k as PoleColumn]]));
        const details = { before, after: changes };
        await audit(actor, { action: "pole.update", targetType: "pole", targetId: pole.id, details }, tx);
        const event = { workspaceId: actor.workspaceId, actorId: actor.userId, poleIds: [pole.id] };
        await publish({ ...event, type: "pole.updated" }, tx);
      });
      return ownedPole(actor.workspaceId, id);
    },

    /** Per region: its poles by risk (regions without poles of their own count zeros). */
    async riskByRegion(workspaceId: string): Promise<RegionPoles> {
      const rows = await poles.riskByRegion(workspaceId);
      const imported = rows.some((r) => r.imported > 0);
      const byKey = new Map<string, RegionRisk>();
      for (const r of rows) {
        byKey.set(`${r.region_lon},${r.region_lat}`, {
          high: r.high,
          medium: r.medium,
          low: r.low,
          unrated: r.unrated,
        });
      }
      return { riskOf: (lon, lat) => byKey.get(`${lon},${lat}`) ?? NO_RISK, regions: rows, imported };
    },

    /**
     * PATCH /api/images/:id: rating and notes as given; coordinates (re)place the photo by the
     * pole rule; `pole_id` moves it to another pole of the owner, or to a pole of its own ("new").
     * `expected` as in setLabel: a stale version is a 412 carrying the photo as it is now.
     */
    async patchImage(
      actor: Actor,
      id: string,
      patch: ImagePatch,
      expected: number | null = null,
    ): Promise<PhotoAnswer> {
      const { workspaceId } = actor;
      const found = await images.findOwned(workspaceId, id);
      if (!found) throw notFound(messages.imageNotFound);
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      // The workspace's lock (poles) and the uploader's (a new place re-runs the usage trigger),
      // both at once and sorted.
      const row = await images.withLocks([workspaceId, found.user_id], async (tx) => {
        const photo = await images.findOwned(workspaceId, id, tx);
        if (!photo) throw notFound(messages.imageNotFound);
        const stale = () => editConflict(messages.editConflict, { image: toImageRecord(photo) });
        // Refused before anything is written (a new pole included); the UPDATE checks again.
        if (expected !== null && photo.version !== expected) throw stale();
        const changes: ImageChanges = {};
        if (patch.risk !== undefined) {
          changes.risk = patch.risk;
          changes.rated_by = patch.risk === null ? null : actor.userId;
        }
        if (patch.notes !== undefined) {
          const notes = patch.notes === null ? "" : safeNotes(patch.notes);
          changes.notes = notes.trim() ? notes : null;
        }
        if (patch.latitude !== undefined && patch.longitude !== undefined) {
          changes.latitude = patch.latitude;
          changes.longitude = patch.longitude;
          // The photo's own bearing still says which register pole it shows; null: it waits.
          const at = placeSeen({ ...photo, latitude: patch.latitude, longitude: patch.longitude });
          changes.pole_id = await poles.assign(tx, workspaceId, at, spotRadiusMeters);
          if (changes.pole_id !== null) await poles.markPlacedByHand(tx, changes.pole_id);
        } else if (patch.pole_id === "new") {
          if (photo.latitude === null || photo.longitude === null)
            throw badRequest(messages.photoUnplaced, "unplaced_photo");
          changes.pole_id = await poles.create(tx, workspaceId, photo.latitude, photo.longitude);
        } else if (patch.pole_id !== undefined) {
          const target = await poles.findOwned(workspaceId, patch.pole_id, tx);
          if (!target) throw poleNotFound();
          changes.pole_id = target.id;
          // A photo without a place takes the pole's.
          if (photo.latitude === null || photo.longitude === null) {
            changes.latitude = target.latitude;
            changes.longitude = target.longitude;
          }
        }
        // The spec's date is the capture day where the photo was taken: a new place may move it.
        if (changes.latitude !== undefined && changes.longitude !== undefined) {
          const date = localDateAt(photo.taken_at, changes.latitude, changes.longitude);
          if (date !== null && date !== photo.date) changes.date = date;
        }
        const updated = await poles.updateImage(tx, id, changes, { userId: actor.userId, expected });
        if (!updated) throw stale();
        const before = Object.fromEntries(
          Object.keys(changes).map((k) => [k, photo[k as keyof ImageChanges]]),
        );
        await audit(
          actor,
          { action: "image.update", targetType: "image", targetId: id, details: { before, after: changes } },
          tx,
        );
        const touched = [photo.pole_id, updated.pole_id].filter((p): p is string => p !== null);
        await poles.refresh(tx, [...new Set(touched)]);
        const change = { workspaceId, actorId: actor.userId, imageIds: [id], poleIds: touched };
        await publish({ ...change, type: "image.updated" }, tx);
        return updated;
      });
      const image = toImageRecord(row);
      if (!isWaiting(row)) return { image };
      const at = { latitude: row.latitude!, longitude: row.longitude! };
      return { image, pole_candidates: await poles.candidates(workspaceId, at) };
    },
  };
}

export type PolesService = ReturnType<typeof createPolesService>;
