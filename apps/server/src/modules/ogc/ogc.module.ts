/** OGC API – Features (/ogc): the workspace's poles and photos as a live layer for GIS clients. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../infra/db/database";
import type { Actor } from "../workspaces/actor";
import { createOgcRepository } from "./ogc.repository";
import { ogcRoutes } from "./ogc.routes";
import { createOgcService } from "./ogc.service";

export function registerOgc(
  app: FastifyInstance,
  deps: { db: Db; actorOfKey: (req: FastifyRequest) => Promise<Actor | null> },
): void {
  const service = createOgcService({ repository: createOgcRepository(deps.db) });
  ogcRoutes(app, { service, actorOfKey: deps.actorOfKey });
}
