/** The settings of the background jobs and mail retries, read once by config.ts. */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";

describe("job settings", () => {
  it("defaults: 10-minute grace, a sweep every half hour, temp files dead after the request timeout + 2 min", () => {
    const c = loadConfig({}, "/srv/app");
    expect(c.jobs).toEqual({
      orphanGraceMs: 600_000,
      orphanSweepCron: "*/30 * * * *",
      pollSeconds: 5,
      alertDigestTime: "06:00",
      tempFileMaxAgeMs: 420_000,
    });
    expect(c.mail.retry).toEqual({ limit: 5, delaySeconds: 2 });
  });

  it("takes its variables", () => {
    const c = loadConfig(
      {
        ORPHAN_GRACE_MINUTES: "30",
        ORPHAN_SWEEP_CRON: "15 3 * * *",
        REQUEST_TIMEOUT_SECONDS: "60",
        MAIL_RETRY_LIMIT: "0",
        MAIL_RETRY_DELAY_SECONDS: "30",
        ALERT_DIGEST_TIME: "17:30",
        JOBS_POLL_SECONDS: "0.5",
      },
      "/srv/app",
    );
    expect(c.jobs).toEqual({
      orphanGraceMs: 1_800_000,
      orphanSweepCron: "15 3 * * *",
      pollSeconds: 0.5,
      alertDigestTime: "17:30",
      tempFileMaxAgeMs: 180_000,
    });
    expect(c.mail.retry).toEqual({ limit: 0, delaySeconds: 30 });
  });

  it("names bad values", () => {
    let caught: unknown;
    try {
      loadConfig({
        ORPHAN_SWEEP_CRON: "hourly",
        ORPHAN_GRACE_MINUTES: "0",
        MAIL_RETRY_LIMIT: "-1",
        ALERT_DIGEST_TIME: "6am",
        JOBS_POLL_SECONDS: "0.1",
      });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join("\n");
    expect(problems).toContain("ORPHAN_SWEEP_CRON: must be a five-field cron expression");
    expect(problems).toContain("ORPHAN_GRACE_MINUTES");
    expect(problems).toContain("MAIL_RETRY_LIMIT");
    // pg-boss refuses to poll more often than twice a second: said at start-up, not by pg-boss.
    expect(problems).toContain("JOBS_POLL_SECONDS: must be at least 0.5");
    expect(problems).toContain("ALERT_DIGEST_TIME: must be a time of day as HH:MM (UTC)");
  });
});
