/**
 * GET /api/poles/:id/loading: the pole's loading check under the workspace's load cases (until a
 * workspace sets its own, the defaults: NESC 250B medium grade C and 250C). Anyone of the
 * workspace may read it; another workspace's pole is 404.
 */
import {
  DEFAULT_LOAD_CASES,
  messages,
  strengthOf,
  type LoadingAnswer,
  type PoleRecord,
} from "@poleatlas/shared";
import { notFound } from "../../errors";
import type { Actor } from "../workspaces/actor";
import type { AttachmentsService } from "./attachments.service";
import { loadingInputOf } from "./loading-input";
import { checkLoading } from "./loading-method";

export function createLoadingService(deps: {
  attachments: AttachmentsService;
  /** The workspace's pole, or null (another workspace's pole is as good as none). */
  poleOf: (workspaceId: string, id: string) => Promise<PoleRecord | null>;
}) {
  return {
    async check(actor: Actor, poleId: string): Promise<LoadingAnswer> {
      const pole = await deps.poleOf(actor.workspaceId, poleId);
      if (!pole) throw notFound(messages.poleNotFound);
      const attachments = await deps.attachments.list(actor, poleId);
      const { input, missing } = loadingInputOf(
        { height_m: pole.height_m, strength: strengthOf(pole) },
        attachments,
      );
      if (!input) return { cases: [], governing: null, missing };
      return { ...checkLoading(input, DEFAULT_LOAD_CASES), missing };
    },
  };
}

export type LoadingService = ReturnType<typeof createLoadingService>;
