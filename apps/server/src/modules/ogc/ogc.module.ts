/** OGC API – Features (/ogc): the workspace's poles, photos and findings as a live layer for GIS clients. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../infra/db/database";
import type { Today } from "../inspections/clock";
import type { Actor } from "../workspaces/actor";
import { createOgcRepository } from "./ogc.repository";
import { ogcRoutes } from "./ogc.routes";
import { createOgcService } from "./ogc.service";

export function registerOgc(
  app: FastifyInstance,
  deps: { db: Db; today: Today; actorOfKey: (req: FastifyRequest) => Promise<Actor | null> },
): void {
  const service = createOgcService({ repository: createOgcRepository(deps.db), today: deps.today });
  ogcRoutes(app, { service, actorOfKey: deps.actorOfKey });
}
