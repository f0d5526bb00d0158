/**
 * The live-update stream (GET /api/events, text/event-stream): what a workspace's open screens
 * hear when someone changes something there. Each event names ids and the actor, never records:
 * the screen asks for what it shows again, with its own rights.
 */
import { z } from "zod";

/** What changed. `reset` and `removed` are the stream's own: "read everything again" and "you left". */
export const WORKSPACE_EVENT_TYPES = [
  "image.created",
  "image.updated",
  "image.deleted",
  "pole.updated",
  "member.changed",
] as const;
export type WorkspaceEventType = (typeof WORKSPACE_EVENT_TYPES)[number];

/** Ids one event names at most (a NOTIFY payload stays far below PostgreSQL's 8000 bytes). */
export const EVENT_MAX_IDS = 50;

const ids = z.array(z.string().max(64)).max(EVENT_MAX_IDS);

/** `?workspace=ID`: EventSource sends no headers, so a tab names its workspace here. */
export const eventsQuerySchema = z.object({
  workspace: z.string().min(1).max(64).optional(),
});
export type EventsQuery = z.infer<typeof eventsQuerySchema>;

/** The `data:` of a change event; its `id:` is `id`, what Last-Event-ID resumes from. */
export const workspaceEventSchema = z.object({
  id: z.string().regex(/^\d+$/),
  type: z.enum(WORKSPACE_EVENT_TYPES),
  workspace_id: z.string(),
  /** Who made the change (a user id). */
  actor_id: z.string(),
  image_ids: ids,
  pole_ids: ids,
  /** member.changed: whose membership changed. */
  member_id: z.string().nullable(),
});
export type WorkspaceEvent = z.infer<typeof workspaceEventSchema>;

/** `event: reset`: events may have been missed (a gap, the server's listener reconnected). */
export const resetEventSchema = z.object({ reason: z.enum(["gap", "reconnected"]) });
export type ResetEvent = z.infer<typeof resetEventSchema>;

/** `event: removed`: the caller is no member of this team any more; the stream ends after it. */
export const removedEventSchema = z.object({ workspace_id: z.string(), name: z.string() });
export type RemovedEvent = z.infer<typeof removedEventSchema>;

/** A comment line this often keeps proxies and idle timeouts from cutting a quiet stream. */
export const EVENTS_HEARTBEAT_MS = 25_000;

/** Streams one user may hold open at once in one server process; the next is answered 429. */
export const MAX_EVENT_STREAMS_PER_USER = 20;

/** How often an open stream asks whether its key or session still holds (it ends within this). */
export const EVENTS_CREDENTIAL_CHECK_MS = 5_000;
