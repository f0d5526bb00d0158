/**
 * How many reports (region PDF, annual PDF and CSV) one user may have in the making, everyone
 * together, and how many one user may ask for in an hour; the refusals past each (429).
 */
export const REPORTS_PER_USER = 2;
export const REPORTS_AT_ONCE = 3;
export const REPORTS_PER_HOUR = 30;

export const reportLimitTexts = {
  /** 429 too_many_reports. */
  tooMany: (n: number) =>
    `${n} of your reports are still being made. Wait for one to finish, then try again.`,
  /** 429 reports_busy (with Retry-After). */
  busy: "The server is busy making other reports. Please try again in a minute.",
  /** 429 reports_per_hour (with Retry-After). */
  tooManyThisHour: (n: number) => `You can ask for ${n} reports an hour. Please try again later.`,
} as const;
