/**
 * A pole's lean from its axis marked on its photos: each photo's bearing from its EXIF
 * GPSImgDirection (or typed), its focal length from its EXIF (35 mm equivalent, or the focal
 * length with a typed sensor width). The pole keeps the latest; a lean beyond the workspace's
 * threshold suggests a finding.
 */
import {
  canEdit,
  focalLengthPx,
  leanSuggestions,
  measureLean,
  measureTexts,
  messages,
  workspaceTexts,
  type LeanFailure,
  type LeanRequest,
  type LeanView,
  type PoleLean,
  type Suggestion,
} from "@poleatlas/shared";
import { badRequest, forbidden, notFound } from "../../errors";
import type { Actor } from "../workspaces/actor";
import { requireInside } from "./measured-photo";
import type { MeasuringDeps } from "./measurements.service";

function failure(reason: LeanFailure, index = 0): string {
  const n = index + 1;
  switch (reason) {
    case "axis_too_short":
      return measureTexts.axisTooShort(n);
    case "plumb_too_short":
      return measureTexts.plumbTooShort(n);
    case "missing_bearing":
      return measureTexts.missingBearing(n);
    case "missing_focal_length":
      return measureTexts.missingFocalLength(n);
    case "views_too_close":
      return measureTexts.viewsTooClose;
  }
}

export function createLeanService(deps: MeasuringDeps) {
  const { repository, poles, photos, settingsOf, audit } = deps;
  return {
    async measure(
      actor: Actor,
      poleId: string,
      body: LeanRequest,
    ): Promise<{ lean: PoleLean; suggestions: Suggestion[] }> {
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      if (!(await poles.findOwned(actor.workspaceId, poleId))) throw notFound(messages.poleNotFound);
      // One photo is one camera: typed twice with two bearings it would fake a second view.
      const twice = body.views.findIndex(
        (v, i) => body.views.findIndex((w) => w.image_id === v.image_id) < i,
      );
      if (twice >= 0) throw badRequest(measureTexts.samePhotoTwice(twice + 1), "same_photo_twice");
      const views: LeanView[] = [];
      for (const [i, v] of body.views.entries()) {
        const { image, optics } = await photos(actor.workspaceId, v.image_id);
        if (image.pole_id !== poleId) throw badRequest(measureTexts.viewsOfOtherPole, "photo_of_other_pole");
        requireInside(optics, [
          ...v.axis.map((at, k) => ({ what: `Axis point ${k + 1} of view ${i + 1}`, at })),
          ...(v.plumb ?? []).map((at, k) => ({ what: `Plumb point ${k + 1} of view ${i + 1}`, at })),
        ]);
        views.push({
          axis: v.axis,
          plumb: v.plumb ?? null,
          bearingDeg: v.bearing_deg ?? image.heading,
          focalPx: focalLengthPx({ ...optics, sensorWidthMm: v.sensor_width_mm ?? null }),
          width: optics.width,
          height: optics.height,
        });
      }
      const result = measureLean(views);
      if (!result.ok) throw badRequest(failure(result.reason, result.index), result.reason);
      const { degrees, towardDeg, apparent } = result.lean;
      const suggestions = leanSuggestions({ degrees, apparent }, await settingsOf(actor.workspaceId));
      return repository.transaction(async (tx) => {
        const lean = await repository.setLean(tx, poleId, { degrees, toward_deg: towardDeg, apparent });
        await audit(
          actor,
          {
            action: "pole.lean",
            targetType: "pole",
            targetId: poleId,
            details: { lean, image_ids: body.views.map((v) => v.image_id) },
          },
          tx,
        );
        return { lean, suggestions };
      });
    },
  };
}

export type LeanService = ReturnType<typeof createLeanService>;
