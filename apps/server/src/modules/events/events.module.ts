/**
 * Live updates: GET /api/events, the process's one LISTEN connection, and what other modules call
 * to publish a change (`publish`, written in the change's own transaction).
 */
import { workspaceEventSchema, type WorkspaceEvent } from "@poleatlas/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../../infra/db/database";
import { EventListener } from "../../infra/events/event-listener";
import type { RequireActor } from "../workspaces/actor";
import { createEventsRepository, EVENTS_CHANNEL, type EventsRepository } from "./events.repository";
import { eventsRoutes } from "./events.routes";
import { createEventsService, type EventsService } from "./events.service";

declare module "fastify" {
  interface FastifyInstance {
    /** The live-update streams of this process (tests read it). */
    liveEvents: EventsService;
  }
}

const parseEvent = (payload: string): WorkspaceEvent | null => {
  try {
    const parsed = workspaceEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** The publishing half, made before the modules that publish (auth, photos, poles). */
export const createEventsPublisher = (database: Database): EventsRepository =>
  createEventsRepository(database.db);

export async function registerEvents(
  app: FastifyInstance,
  deps: {
    database: Database;
    repository: EventsRepository;
    requireActor: RequireActor;
    confirmCaller: (req: FastifyRequest) => Promise<void>;
    credentialCheckMs?: number;
  },
): Promise<void> {
  const listener = new EventListener<WorkspaceEvent>(
    {
      connection: deps.database.pool.options,
      channel: EVENTS_CHANNEL,
      log: app.log.child({ module: "events" }),
    },
    parseEvent,
  );
  await listener.start();
  const service = createEventsService({
    repository: deps.repository,
    listener,
    requireActor: deps.requireActor,
    confirmCaller: deps.confirmCaller,
    credentialCheckMs: deps.credentialCheckMs,
  });
  app.decorate("liveEvents", service);
  // Open streams never go idle: they end before the server waits for its connections to close.
  app.addHook("preClose", (done) => {
    service.closeAll();
    done();
  });
  app.addHook("onClose", async () => {
    service.closeAll();
    await listener.stop();
  });
  eventsRoutes(app, { service });
}
