/**
 * Heights measured on a photo of a pole: anyone who may edit the workspace measures and deletes
 * (each audited), everyone in it reads. The marks, the heights read and the clearance findings
 * they suggested under the rules of the day are kept together.
 */
import {
  canEdit,
  clearanceSuggestions,
  DEFAULT_CLICK_SIGMA_PX,
  measureHeights,
  measureTexts,
  messages,
  workspaceTexts,
  type HeightFailure,
  type MeasureSettings,
  type Measurement,
  type MeasurementCreate,
  type PoleLean,
} from "@poleatlas/shared";
import { badRequest, forbidden, notFound } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { PolesRepository } from "../poles/poles.repository";
import type { Actor } from "../workspaces/actor";
import { requireInside, type MeasuredPhotos } from "./measured-photo";
import type { MeasurementsRepository } from "./measurements.repository";

function failure(reason: HeightFailure, index?: number): string {
  switch (reason) {
    case "too_few_marks":
      return measureTexts.tooFewMarks;
    case "marks_same_height":
      return measureTexts.marksSameHeight;
    case "marks_too_close":
      return measureTexts.marksTooClose;
    case "marks_across_photo":
      return measureTexts.marksAcrossPhoto;
    case "vertical_too_short":
      return measureTexts.verticalTooShort;
    case "marks_inconsistent":
      return measureTexts.marksInconsistent;
    case "beyond_vanishing_point":
      return measureTexts.beyondVanishingPoint((index ?? 0) + 1);
  }
}

/** What measuring heights and lean both need: the SQL, the poles, the photos, the rules, the trail. */
export interface MeasuringDeps {
  repository: MeasurementsRepository;
  poles: PolesRepository;
  photos: MeasuredPhotos;
  settingsOf: (workspaceId: string) => Promise<MeasureSettings>;
  audit: AuditLog;
}

export function createMeasurementsService(deps: MeasuringDeps) {
  const { repository, poles, photos, settingsOf, audit } = deps;
  return {
    async create(actor: Actor, imageId: string, body: MeasurementCreate): Promise<Measurement> {
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const { image, optics } = await photos(actor.workspaceId, imageId);
      if (!image.pole_id) throw badRequest(measureTexts.noPole, "photo_without_pole");
      requireInside(optics, [
        ...body.reference.map((m, i) => ({ what: `Stick mark ${i + 1}`, at: m.at })),
        ...body.points.map((p, i) => ({ what: `Point ${i + 1}`, at: p.at })),
      ]);
      const result = measureHeights({
        reference: body.reference.map((m) => ({ at: m.at, heightM: m.height_m })),
        points: body.points.map((p) => p.at),
        verticals: body.verticals,
        clickSigmaPx: body.click_sigma_px ?? DEFAULT_CLICK_SIGMA_PX,
      });
      if (!result.ok) throw badRequest(failure(result.reason, result.index), result.reason);
      const points = body.points.map((p, i) => ({
        kind: p.kind,
        label: p.label || null,
        height_m: result.points[i]!.heightM,
        uncertainty_m: result.points[i]!.uncertaintyM,
      }));
      const suggestions = clearanceSuggestions(points, await settingsOf(actor.workspaceId));
      const poleId = image.pole_id;
      return repository.transaction(async (tx) => {
        const measurement = await repository.insert(tx, {
          workspaceId: actor.workspaceId,
          poleId,
          imageId,
          createdBy: actor.userId,
          reference: body.reference,
          verticals: body.verticals ?? null,
          points,
          suggestions,
        });
        await audit(
          actor,
          {
            action: "measurement.create",
            targetType: "pole",
            targetId: poleId,
            details: { measurement_id: measurement.id, image_id: imageId, points },
          },
          tx,
        );
        return measurement;
      });
    },

    async list(
      actor: Actor,
      poleId: string,
    ): Promise<{ measurements: Measurement[]; lean: PoleLean | null }> {
      if (!(await poles.findOwned(actor.workspaceId, poleId))) throw notFound(messages.poleNotFound);
      const [measurements, lean] = await Promise.all([repository.ofPole(poleId), repository.leanOf(poleId)]);
      return { measurements, lean };
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      await repository.transaction(async (tx) => {
        const found = await repository.findOwned(actor.workspaceId, id, tx);
        if (!found) throw notFound(measureTexts.measurementNotFound);
        await repository.remove(tx, id);
        await audit(
          actor,
          {
            action: "measurement.delete",
            targetType: "pole",
            targetId: found.pole_id,
            details: { measurement_id: id, image_id: found.image_id, points: found.points },
          },
          tx,
        );
      });
    },
  };
}

export type MeasurementsService = ReturnType<typeof createMeasurementsService>;
