/**
 * A stand-in for the server's HTTP answers (the network boundary, not the screens under test):
 * each "METHOD /path" answers what a test says (anything else a 404 `not_found`; the session read
 * answers "no session" unless told otherwise), and every call is recorded so a test can prove that a
 * check ran *before* any call.
 */
import { vi } from "vitest";

export interface Call {
  method: string;
  path: string;
  body: unknown;
  /** The request's headers (If-Match, the workspace). */
  headers?: Headers;
}

/** `headers` add to (or replace) the JSON content type, e.g. a file's Content-Disposition. */
type Reply = { status: number; body: unknown; headers?: Record<string, string> };
type Answer = Reply | Promise<Reply>;

const PASSIVE_PATHS = new Set(["/api/auth/get-session", "/api/health"]);

export function fakeServer(routes: Record<string, (call: Call) => Answer> = {}) {
  const calls: Call[] = [];
  const all: Record<string, (call: Call) => Answer> = {
    "GET /api/auth/get-session": () => ({ status: 200, body: null }),
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, "http://localhost");
    const method = init?.method ?? "GET";
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call: Call = { method, path: `${url.pathname}${url.search}`, body };
    // Not enumerable: tests that compare whole calls need not name every header.
    Object.defineProperty(call, "headers", { value: new Headers(init?.headers), enumerable: false });
    calls.push(call);
    const handler = all[`${method} ${url.pathname}`];
    // Like fetch: an abort (a cancelled query, a closed dialog) rejects with the signal's reason.
    const signal = init?.signal;
    signal?.throwIfAborted();
    const aborted = new Promise<never>((_resolve, reject) =>
      signal?.addEventListener("abort", () => reject(signal.reason as Error), { once: true }),
    );
    const answer: Reply = handler
      ? await Promise.race([handler(call), aborted])
      : { status: 404, body: { code: "not_found", message: "Not found" } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json", ...answer.headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    /**
     * Calls other than the session read every screen makes on load and the reachability probe the
     * app sends on its own while it believes it is cut off (its timing follows the event loop).
     */
    actions: () => calls.filter((c) => !PASSIVE_PATHS.has(c.path)),
  };
}
