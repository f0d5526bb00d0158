/**
 * NUL and unpaired UTF-16 surrogates: PostgreSQL stores neither (text refuses NUL, jsonb both),
 * so a request carrying one in any JSON string, object key or query value would fail deep inside
 * a handler as a 500. One check in front of every route answers 400 instead, naming the field as
 * schema errors do. Path parameters are left to their routes: ids have schemas, and /files/<key>
 * answers a key with control characters like any key that is not the caller's (404).
 */
import { messages } from "@poleatlas/shared";
import type { FastifyInstance } from "fastify";
import { badRequest, type AppError } from "../errors";

/** A NUL, or a surrogate that is not half of a pair (the `u` flag reads pairs as one code point). */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** The path of the first string (or key) under `value` that cannot be stored, or null. */
export function findUnstorableText(value: unknown, path: string): string | null {
  if (typeof value === "string") return UNSTORABLE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnstorableText(item, `${path}.${i}`);
      if (found) return found;
    }
    return null;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) return `${path}.${key.replace(UNSTORABLE, "?")}`;
      const found = findUnstorableText(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Parsed JSON, a query or params object; never a Buffer or stream (uploads, the auth mount). The
 * query parser's objects inherit from a prototype that itself has none, so that counts too.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/** The 400 (answered by the error handler, as every AppError) for unstorable text in `value`. */
export function unstorableTextError(value: unknown, path: string): AppError | undefined {
  const field = findUnstorableText(value, path);
  return field ? badRequest(messages.unstorableText(field), "invalid_request") : undefined;
}

/** Checks every route's parsed query and body before validation and the handler. */
export function registerUnstorableTextCheck(app: FastifyInstance): void {
  app.addHook("preValidation", (req, _reply, done) => {
    done(unstorableTextError(req.query, "querystring") ?? unstorableTextError(req.body, "body"));
  });
}
