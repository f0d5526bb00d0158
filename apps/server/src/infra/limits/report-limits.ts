/**
 * How many reports (the region PDF, the annual PDF and CSV) may be made at once, and how often
 * one user may ask for one. A report at every limit holds ~280 MB while its pages are laid out and
 * draws for seconds: six from one viewer at once took the process from 1.3 to 2.6 GB. So a user
 * has REPORTS_PER_USER in the making at once, everyone together REPORTS_AT_ONCE, and a user asks
 * for at most REPORTS_PER_HOUR in any hour, as with exports.
 */
import { REPORTS_AT_ONCE, REPORTS_PER_HOUR, REPORTS_PER_USER, reportLimitTexts } from "@poleatlas/shared";
import { UserWorkLimits, type UserWorkLimitOptions } from "./user-work-limits";

export class ReportLimits extends UserWorkLimits {
  constructor(opts: Partial<UserWorkLimitOptions> = {}) {
    super(
      "reports",
      {
        codes: { tooMany: "too_many_reports", busy: "reports_busy", perHour: "reports_per_hour" },
        ...reportLimitTexts,
      },
      {
        perUser: opts.perUser ?? REPORTS_PER_USER,
        atOnce: opts.atOnce ?? REPORTS_AT_ONCE,
        perHour: opts.perHour ?? REPORTS_PER_HOUR,
        ...(opts.now ? { now: opts.now } : {}),
      },
    );
  }
}
