/**
 * A text/event-stream reader over real HTTP, as a browser's EventSource reads GET /api/events:
 * what was received so far, a wait for the next event of a kind, and whether the server ended it.
 */
import http from "node:http";
import { expect } from "vitest";

export interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The whole body when the answer is not a stream (an error's JSON). */
  body: Promise<string>;
  events: StreamEvent[];
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  /** The first event (already received or still to come) that `match` accepts. */
  next(match: (e: StreamEvent) => boolean): Promise<StreamEvent>;
  close(): void;
}

export function openEventStream(
  baseUrl: string,
  cookie: string,
  opts: { workspace?: string; lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<OpenStream> {
  const url = new URL("/api/events", baseUrl);
  if (opts.workspace) url.searchParams.set("workspace", opts.workspace);
  const headers: Record<string, string> = {
    ...(cookie ? { cookie } : {}),
    accept: "text/event-stream",
    "accept-encoding": "gzip, br",
    ...opts.headers,
  };
  if (opts.lastEventId !== undefined) headers["last-event-id"] = opts.lastEventId;
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      res.setEncoding("utf8");
      const events: StreamEvent[] = [];
      const waiters: { match: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void }[] = [];
      let text = "";
      let pending = "";
      let current: Partial<StreamEvent> & { data?: string } = {};
      const ended = new Promise<void>((done) => {
        res.on("end", done);
        res.on("close", done);
      });
      res.on("data", (chunk: string) => {
        text += chunk;
        pending += chunk;
        let nl;
        while ((nl = pending.indexOf("\n")) >= 0) {
          const line = pending.slice(0, nl);
          pending = pending.slice(nl + 1);
          if (line === "") {
            if (current.data !== undefined) {
              const e = { id: current.id, event: current.event ?? "message", data: current.data };
              events.push(e);
              for (const w of waiters.filter((x) => x.match(e))) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(e);
              }
            }
            current = {};
          } else if (line.startsWith("id: ")) current.id = line.slice(4);
          else if (line.startsWith("event: ")) current.event = line.slice(7);
          else if (line.startsWith("data: "))
            current.data = current.data === undefined ? line.slice(6) : `${current.data}\n${line.slice(6)}`;
        }
      });
      const body = ended.then(() => text);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body,
        events,
        ended,
        next(match) {
          const seen = events.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise((r) => waiters.push({ match, resolve: r }));
        },
        close: () => req.destroy(),
      });
    });
    req.on("error", reject);
  });
}

/** The event's data as JSON. */
export const dataOf = <T = Record<string, unknown>>(e: StreamEvent): T => JSON.parse(e.data) as T;

/** Waits (with vitest's patience, not a fixed delay) until the process has this many open streams. */
export async function waitForStreams(count: () => number, n: number): Promise<void> {
  await expect.poll(count, { timeout: 20_000 }).toBe(n);
}
