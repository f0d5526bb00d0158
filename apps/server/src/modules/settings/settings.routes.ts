/**
 * GET/PUT /api/workspace/settings: the active workspace's settings, the inspection programme and
 * the privacy switch in one object. PUT takes only the fields it changes and answers the whole
 * object; each part keeps its own rules (owners and admins; a personal workspace keeps the
 * inspection defaults) and its own audit entry.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  workspaceSettingsSchema,
  workspaceSettingsUpdateSchema,
  type InspectionSettings,
  type WorkspaceSettings,
} from "@poleatlas/shared";
import type { Actor, RequireActor } from "../workspaces/actor";
import type { MeasureSettingsService } from "./measure-settings.service";
import type { PrivacySettingsService } from "./privacy-settings.service";
import type { LocateSettingsService } from "./locate-settings";

/** The inspection programme, kept (and its rules checked) by the inspections module. */
export interface InspectionProgramme {
  get(actor: Actor): InspectionSettings | Promise<InspectionSettings>;
  put(actor: Actor, next: InspectionSettings): Promise<InspectionSettings>;
}

export function settingsRoutes(
  app: FastifyInstance,
  deps: {
    requireActor: RequireActor;
    privacy: PrivacySettingsService;
    measure: MeasureSettingsService;
    locate: LocateSettingsService;
    inspection: InspectionProgramme;
  },
): void {
  const { requireActor, privacy, measure, locate, inspection } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const whole = async (actor: Actor): Promise<WorkspaceSettings> => ({
    ...(await inspection.get(actor)),
    ...(await privacy.get(actor)),
    ...(await measure.get(actor)),
    ...(await locate.get(actor)),
  });

  api.get(
    "/api/workspace/settings",
    { schema: { response: { 200: workspaceSettingsSchema } } },
    async (req) => whole(await requireActor(req)),
  );

  api.put(
    "/api/workspace/settings",
    { schema: { body: workspaceSettingsUpdateSchema, response: { 200: workspaceSettingsSchema } } },
    async (req) => {
      const actor = await requireActor(req);
      const {
        blurFaces,
        clearanceRules,
        leanThresholdDeg,
        units,
        locateGpsErrorM,
        locateCompassErrorDeg,
        ...programme
      } = req.body;
      if (Object.keys(programme).length > 0) {
        await inspection.put(actor, { ...(await inspection.get(actor)), ...programme });
      }
      if (blurFaces !== undefined) await privacy.update(actor, { blurFaces });
      const measuring = { clearanceRules, leanThresholdDeg, units };
      const named = Object.fromEntries(Object.entries(measuring).filter(([, v]) => v !== undefined));
      if (Object.keys(named).length > 0) await measure.update(actor, named);
      if (locateGpsErrorM !== undefined || locateCompassErrorDeg !== undefined) {
        const change = {
          ...(locateGpsErrorM !== undefined ? { locateGpsErrorM } : {}),
          ...(locateCompassErrorDeg !== undefined ? { locateCompassErrorDeg } : {}),
        };
        await locate.update(actor, change);
      }
      return whole(actor);
    },
  );
}
