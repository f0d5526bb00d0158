/**
 * One open GET /api/events answer: the text/event-stream lines written into `out`, which Fastify
 * pipes to the client. It holds no pool connection and no request turn while open; it ends when
 * the client goes (the caller's `close`), when the member is removed, when the key or session that
 * opened it no longer holds, or when the server stops.
 */
import { PassThrough } from "node:stream";
import {
  EVENTS_HEARTBEAT_MS,
  type RemovedEvent,
  type ResetEvent,
  type WorkspaceEvent,
} from "@poleatlas/shared";

/** A client this far behind (bytes not yet sent) is not reading: its stream ends; it reconnects. */
const MAX_UNSENT_BYTES = 256 * 1024;
/** How soon EventSource reconnects after a drop (the browser's own default is ~3 s). */
const RETRY_MS = 2000;

export interface LiveStream {
  out: PassThrough;
  send(event: WorkspaceEvent): void;
  reset(reason: ResetEvent["reason"], newestId?: number): void;
  /** Says why in `event: removed`, then ends the stream. */
  removed(body: RemovedEvent): void;
  end(): void;
  readonly ended: boolean;
}

export function createLiveStream(onEnd: () => void, heartbeatMs = EVENTS_HEARTBEAT_MS): LiveStream {
  const out = new PassThrough();
  let ended = false;
  const write = (text: string) => {
    if (ended) return;
    if (out.writableLength > MAX_UNSENT_BYTES) {
      stream.end();
      return;
    }
    out.write(text);
  };
  // A comment line: EventSource ignores it, proxies and idle timeouts see traffic.
  const heartbeat = setInterval(() => write(": keep-alive\n\n"), heartbeatMs);
  heartbeat.unref();
  const stream: LiveStream = {
    out,
    send: (e) => write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`),
    reset: (reason, newestId) =>
      write(`${newestId ? `id: ${newestId}\n` : ""}event: reset\ndata: ${JSON.stringify({ reason })}\n\n`),
    removed(body) {
      write(`event: removed\ndata: ${JSON.stringify(body)}\n\n`);
      stream.end();
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      out.end();
      onEnd();
    },
    get ended() {
      return ended;
    },
  };
  // First bytes at once: the headers go out and the client knows the stream is open.
  out.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  return stream;
}
