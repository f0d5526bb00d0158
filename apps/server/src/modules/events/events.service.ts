/**
 * Who may follow which workspace's changes, and what a (re)connecting stream is sent first. Any
 * member may (a viewer too: it shows only what their screen already shows); the workspace is the
 * one `?workspace=` names, checked against membership, else the caller's active one. An API key
 * follows its own workspace and no other, as on every route.
 */
import type { ServerResponse } from "node:http";
import {
  EVENTS_CREDENTIAL_CHECK_MS,
  MAX_EVENT_STREAMS_PER_USER,
  messages,
  type EventsQuery,
  type WorkspaceEvent,
} from "@poleatlas/shared";
import type { FastifyRequest } from "fastify";
import { AppError, forbidden } from "../../errors";
import type { EventListener } from "../../infra/events/event-listener";
import { whenAnswerCloses } from "../../infra/limits/request-end";
import { beyondKey, type RequireActor } from "../workspaces/actor";
import type { EventsRepository } from "./events.repository";
import { createLiveStream, type LiveStream } from "./live-stream";

/** Missed events sent on a reconnect at most; further behind, the client reads everything again. */
const REPLAY_MAX = 500;

export function createEventsService(deps: {
  repository: EventsRepository;
  listener: EventListener<WorkspaceEvent>;
  requireActor: RequireActor;
  /** Throws 401 once the request's key or session no longer holds (revoked, signed out, expired). */
  confirmCaller: (req: FastifyRequest) => Promise<void>;
  /** How often an open stream asks confirmCaller (tests shorten it). */
  credentialCheckMs?: number;
  maxPerUser?: number;
}) {
  const { repository, listener, requireActor, confirmCaller } = deps;
  const credentialCheckMs = deps.credentialCheckMs ?? EVENTS_CREDENTIAL_CHECK_MS;
  const maxPerUser = deps.maxPerUser ?? MAX_EVENT_STREAMS_PER_USER;
  const open = new Set<LiveStream>();
  const perUser = new Map<string, number>();
  const countFor = (userId: string, by: 1 | -1) => {
    const n = (perUser.get(userId) ?? 0) + by;
    if (n > 0) perUser.set(userId, n);
    else perUser.delete(userId);
  };

  /**
   * Every call checks its credential, but a stream is one call that lasts: it asks again every
   * few seconds and ends once the key is revoked or the session is gone (signed out, expired, or
   * ended by a password change), in whichever process that happened. A database that does not
   * answer ends nothing: the next check decides.
   */
  const watchCredential = (req: FastifyRequest, stream: LiveStream): (() => void) => {
    let checking = false;
    const timer = setInterval(() => {
      if (checking) return;
      checking = true;
      confirmCaller(req)
        .catch((err: unknown) => {
          if (err instanceof AppError && err.statusCode === 401) stream.end();
        })
        .finally(() => {
          checking = false;
        });
    }, credentialCheckMs);
    timer.unref();
    return () => clearInterval(timer);
  };

  /** Last-Event-ID as a number; anything else is treated as an unknown position (a reset). */
  const parseLastId = (header: string | undefined): number | "unknown" | null => {
    if (header === undefined || header === "") return null;
    return /^\d{1,15}$/.test(header) ? Number(header) : "unknown";
  };

  return {
    /**
     * Checks the caller and the workspace, then opens the stream: subscribed first (what arrives
     * meanwhile waits), then what the client missed since Last-Event-ID, then live. Throws 401 or
     * 403 before anything is sent.
     */
    async open(
      req: FastifyRequest,
      res: ServerResponse,
      query: EventsQuery,
      lastEventId: string | undefined,
    ): Promise<LiveStream> {
      const actor = await requireActor(req);
      const workspaceId = query.workspace ?? actor.workspaceId;
      const reachable =
        workspaceId === actor.workspaceId ||
        (!beyondKey(actor, workspaceId) && (await repository.isMember(actor.userId, workspaceId)));
      if (!reachable) {
        throw forbidden(messages.notAMember);
      }
      if ((perUser.get(actor.userId) ?? 0) >= maxPerUser) {
        throw new AppError(429, "too_many_event_streams", messages.tooManyEventStreams(maxPerUser));
      }
      const teamName = await repository.teamName(workspaceId);
      const after = parseLastId(lastEventId);

      let lastSent = typeof after === "number" ? after : 0;
      let waiting: WorkspaceEvent[] | null = [];
      /**
       * A team member whose membership changed (or who may have missed it): still one? If not, the
       * stream says `removed` and ends. False only when removed.
       */
      const checkMembership = async (): Promise<boolean> => {
        if (teamName === null) return true;
        try {
          if (await repository.isMember(actor.userId, workspaceId)) return true;
        } catch {
          // The database is unreachable: the check runs again on the next change or reconnect.
          return true;
        }
        stream.removed({ workspace_id: workspaceId, name: teamName });
        return false;
      };
      const deliver = (event: WorkspaceEvent) => {
        if (Number(event.id) <= lastSent) return;
        lastSent = Number(event.id);
        // The caller's own membership changed: checked first, so a removed member's screen hears
        // `removed` rather than a change that makes it leave the team on its own.
        if (event.type === "member.changed" && event.member_id === actor.userId) {
          void checkMembership().then((still) => still && stream.send(event));
        } else stream.send(event);
      };
      const unsubscribe = listener.subscribe(workspaceId, (notice) => {
        if (notice.kind === "reconnected") {
          stream.reset("reconnected");
          void checkMembership();
        } else if (waiting) waiting.push(notice.event);
        else deliver(notice.event);
      });
      const stream = createLiveStream(() => {
        unsubscribe();
        stopWatching();
        open.delete(stream);
        countFor(actor.userId, -1);
      });
      open.add(stream);
      countFor(actor.userId, 1);
      const stopWatching = watchCredential(req, stream);
      whenAnswerCloses(res, () => stream.end());

      try {
        if (after !== null) {
          const bounds = await repository.bounds();
          const missed =
            typeof after === "number" ? await repository.since(workspaceId, after, REPLAY_MAX + 1) : [];
          // Older than what is kept, newer than anything written (another database), or too far behind.
          const gap =
            after === "unknown" ||
            (bounds !== null && (after < bounds.oldest - 1 || after > bounds.newest)) ||
            (bounds === null && after > 0) ||
            missed.length > REPLAY_MAX;
          if (gap) {
            lastSent = bounds?.newest ?? 0;
            stream.reset("gap", bounds?.newest);
          } else for (const e of missed) deliver(e);
        }
      } catch (err) {
        stream.end();
        throw err;
      }
      const pending = waiting;
      waiting = null;
      for (const e of pending) deliver(e);
      return stream;
    },

    /** Open streams of this process (tests). */
    get openCount(): number {
      return open.size;
    },

    /** The server is stopping: every stream ends now, so closing waits for none of them. */
    closeAll(): void {
      for (const s of [...open]) s.end();
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
