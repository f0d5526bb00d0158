/**
 * The one HTTP client of the web app (bulletproof-react's lib/api-client): same-origin JSON calls
 * with the session cookie, answers checked against the shared zod contract, and every refusal
 * turned into one error type carrying the server's `{ code, message }`. The upload's XHR path
 * (features/upload) parses its failures with `apiErrorFrom` too.
 */
import { z } from "zod";
import { noteServerAnswered, noteServerUnreachable } from "./offline/connectivity";
import { noteResponse } from "./offline/offline-status";
import { pageDownload } from "./offline/network-quiet";

/** A refused or failed call: HTTP status (0 when the server was not reached), code and text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** On a 400 validation error: where, e.g. "query.limit". */
    readonly field?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Lenient on purpose: better-auth's refusals may lack a code, a proxy's may not be JSON at all. */
const errorBody = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
  field: z.string().optional(),
});

/**
 * The error for a non-2xx answer from its status and body text; `fallback` is the message when
 * the body has none (default "<status> <statusText>").
 */
export function apiErrorFrom(
  res: { status: number; statusText?: string },
  bodyText: string,
  fallback?: string,
): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // not JSON (an HTML error page, an empty body): the fallback text it is
  }
  const parsed = errorBody.safeParse(body);
  const e = parsed.success ? parsed.data : {};
  const message = e.message || fallback || `${res.status} ${res.statusText ?? ""}`.trim();
  return new ApiError(res.status, e.code ?? "http_error", message, e.field);
}

/** Anything with zod's `parse`: the answer is checked against the shared contract. */
export interface Schema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** A JSON body (POST, PATCH, PUT). */
  body?: unknown;
}

const GATEWAY_ERRORS = new Set([502, 503, 504]);

async function send(method: string, url: string, { signal, body }: RequestOptions): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err; // a cancelled query, not a failure to show
    noteServerUnreachable();
    throw new ApiError(0, "network_error", "The server could not be reached", undefined);
  }
  // A gateway before the server answering for it (502/503/504) is the server not answering.
  if (GATEWAY_ERRORS.has(res.status)) noteServerUnreachable();
  // A GET's 200 may be the worker's copy: it reports through noteResponse instead.
  else if (method !== "GET" || !res.ok) noteServerAnswered();
  if (!res.ok) throw apiErrorFrom(res, await res.text().catch(() => ""));
  return res;
}

async function json<T>(res: Response, schema: Schema<T>): Promise<T> {
  const text = await res.text();
  return schema.parse(text === "" ? null : JSON.parse(text));
}

export const apiClient = {
  get<T>(url: string, schema: Schema<T>, opts: RequestOptions = {}): Promise<T> {
    return pageDownload(
      (async () => {
        const res = await send("GET", url, opts);
        // The service worker may have answered from its copy: the map says so (offline banner).
        noteResponse(res);
        return json(res, schema);
      })(),
    );
  },
  async post<T>(url: string, body: unknown, schema: Schema<T>, opts: RequestOptions = {}): Promise<T> {
    return json(await send("POST", url, { ...opts, body }), schema);
  },
  async patch<T>(url: string, body: unknown, schema: Schema<T>, opts: RequestOptions = {}): Promise<T> {
    return json(await send("PATCH", url, { ...opts, body }), schema);
  },
  async put<T>(url: string, body: unknown, schema: Schema<T>, opts: RequestOptions = {}): Promise<T> {
    return json(await send("PUT", url, { ...opts, body }), schema);
  },
  async delete(url: string, opts: RequestOptions = {}): Promise<void> {
    await send("DELETE", url, opts);
  },
};
