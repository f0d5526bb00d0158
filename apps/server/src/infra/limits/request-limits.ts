/**
 * The limits this process holds for the length of a request or a stream, made once per app and
 * watched by one LeakWatch: any of them still held after a whole request's time
 * (REQUEST_TIMEOUT_SECONDS) is logged as a leak and taken back. Tests read them as
 * `app.requestLimits`.
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { LeakWatch } from "./leak-watch";
import { RequestTurns } from "./request-turns";
import { ExportLimits } from "./export-limits";
import { ReportLimits } from "./report-limits";
import { UploadSlots } from "./upload-slots";

/**
 * GET /api/images turns. One list call of a user at a time: each builds and serializes up to a
 * 1,000-photo page, and a user firing 60 at once no longer delays everyone else
 * (bench/list-load.ts).
 */
const LISTS_PER_USER = 1;

/**
 * List calls of everyone together, and exports running at once: each 40 % of the database pool
 * (4 of the default 10 connections). What all list calls hold in memory (pages built, answers
 * waiting for their readers) stays bounded however many users call; an export holds a connection
 * while it is read, and lists and exports together leave a fifth of the pool to everything else
 * (a session check, /api/regions).
 */
export const atOnce = (poolMax: number) => Math.max(1, Math.floor(poolMax * 0.4));

export interface RequestLimits {
  watch: LeakWatch;
  lists: RequestTurns;
  uploads: UploadSlots;
  exports: ExportLimits;
  reports: ReportLimits;
}

declare module "fastify" {
  interface FastifyInstance {
    requestLimits: RequestLimits;
  }
}

export function createRequestLimits(
  app: FastifyInstance,
  deps: { requestTimeoutMs: number; poolMax: number; log: FastifyBaseLogger },
): RequestLimits {
  const watch = new LeakWatch({ maxHoldMs: deps.requestTimeoutMs, log: deps.log });
  watch.start();
  app.addHook("onClose", (_app, done) => {
    watch.stop();
    done();
  });
  const limits: RequestLimits = {
    watch,
    lists: new RequestTurns("lists", { perUser: LISTS_PER_USER, total: atOnce(deps.poolMax), watch }),
    uploads: new UploadSlots(undefined, watch),
    exports: new ExportLimits({ atOnce: atOnce(deps.poolMax) }),
    reports: new ReportLimits(),
  };
  app.decorate("requestLimits", limits);
  return limits;
}
