/**
 * How many exports may run, and how often one user may start one. Each running export holds a
 * pooled database connection for as long as its reader reads, so a user has EXPORTS_PER_USER
 * running at once, everyone together `atOnce` (request-limits.ts: 4 of the default 10 connections,
 * so the rest of the API always finds one), and a user starts at most EXPORTS_PER_HOUR in any
 * hour: every export leaves an audit entry, and the team's trail must not be flooded with them.
 */
import { EXPORTS_PER_HOUR, EXPORTS_PER_USER, exportTexts } from "@poleatlas/shared";
import { UserWorkLimits } from "./user-work-limits";

/** Exports streaming at once in this process, across all users, unless told otherwise. */
const EXPORTS_AT_ONCE = 4;

export interface ExportLimitOptions {
  perUser?: number;
  atOnce?: number;
  perHour?: number;
  now?: () => number;
}

export class ExportLimits extends UserWorkLimits {
  constructor(opts: ExportLimitOptions = {}) {
    super(
      "exports",
      {
        codes: { tooMany: "too_many_exports", busy: "exports_busy", perHour: "exports_per_hour" },
        tooMany: exportTexts.tooMany,
        busy: exportTexts.busy,
        tooManyThisHour: exportTexts.tooManyThisHour,
      },
      {
        perUser: opts.perUser ?? EXPORTS_PER_USER,
        atOnce: opts.atOnce ?? EXPORTS_AT_ONCE,
        perHour: opts.perHour ?? EXPORTS_PER_HOUR,
        ...(opts.now ? { now: opts.now } : {}),
      },
    );
  }
}
