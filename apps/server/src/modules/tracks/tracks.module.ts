/** Builds the GPS tracks module: its repository, its service and its routes. */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import { createImagesRepository } from "../photos/images.repository";
import type { PolePlacement } from "../photos/images.service";
import type { RequireActor } from "../workspaces/actor";
import { createTracksRepository } from "./tracks.repository";
import { tracksRoutes } from "./tracks.routes";
import { createTracksService } from "./tracks.service";

export async function registerTracks(
  app: FastifyInstance,
  deps: { db: Db; poles: PolePlacement; audit: AuditLog; requireActor: RequireActor; publish: PublishEvent },
): Promise<void> {
  const images = createImagesRepository(deps.db);
  const service = createTracksService({
    repository: createTracksRepository(deps.db),
    placement: deps.poles,
    withLocks: (keys, fn) => images.withLocks(keys, fn),
    audit: deps.audit,
    publish: deps.publish,
  });
  await tracksRoutes(app, { requireActor: deps.requireActor, service });
}
