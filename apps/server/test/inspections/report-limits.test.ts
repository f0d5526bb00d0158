/**
 * Reports (the region PDF, the annual PDF and CSV) are made whole in memory before they are sent:
 * one user, however many tabs, has two in the making at once, everyone together three, and each
 * user thirty an hour, as with exports. Refusals are 429s with the reason, and nothing is held
 * for them.
 */
import { REPORTS_PER_HOUR, reportLimitTexts, regionKey } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { get } from "./support";

const t = useTestApp({}, { today: () => "2026-06-01" });
const viewer = useSignedInUser(t);
const other = useSignedInUser(t);

const limits = () => t.app.requestLimits.reports;
const region = regionKey(24.9, 60.1);
const REPORTS = [
  `/api/reports/region/${region}.pdf`,
  "/api/reports/annual/2025.pdf",
  "/api/reports/annual/2025.csv",
];

describe("report limits", () => {
  it("lets one user have two reports in the making, and no third of any kind", async () => {
    await placedPhoto(t, viewer.cookie, 60.1, 24.9, "2025-05-05");
    const held = [limits().take(viewer.id), limits().take(viewer.id)];
    for (const url of REPORTS) {
      const res = await get(t, viewer.cookie, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(429);
      expect(res.json()).toMatchObject({ code: "too_many_reports", message: reportLimitTexts.tooMany(2) });
    }
    held.forEach((giveBack) => giveBack());
    for (const url of REPORTS) expect((await get(t, viewer.cookie, url)).statusCode, url).toBe(200);
    // Every place taken by those reports came back when they were answered.
    expect(limits().runningNow(viewer.id)).toEqual({ mine: 0, all: 0 });
  });

  it("answers a bad region id or a year not begun without taking a report's place", async () => {
    // Both of the viewer's places are taken: a request that took a place first would be a 429.
    const held = [limits().take(viewer.id), limits().take(viewer.id)];
    const bad: [string, number, string][] = [
      ["/api/reports/region/not-a-region.pdf", 400, "invalid_region"],
      [`/api/reports/region/${regionKey(-120.5, -45.5)}.pdf`, 404, "not_found"],
      ["/api/reports/annual/2027.pdf", 400, "invalid_year"],
      ["/api/reports/annual/2027.csv", 400, "invalid_year"],
    ];
    for (const [url, status, code] of bad) {
      const res = await get(t, viewer.cookie, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      expect(res.json(), url).toMatchObject({ code });
    }
    expect(limits().runningNow(viewer.id)).toEqual({ mine: 2, all: 2 });
    held.forEach((giveBack) => giveBack());
  });

  it("refuses a report while the server makes three, to anyone, with Retry-After", async () => {
    const held = ["a", "b", "c"].map((id) => limits().take(`someone-${id}`));
    const res = await get(t, other.cookie, "/api/reports/annual/2025.csv");
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toMatchObject({ code: "reports_busy", message: reportLimitTexts.busy });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    held.forEach((giveBack) => giveBack());
    expect((await get(t, other.cookie, "/api/reports/annual/2025.csv")).statusCode).toBe(200);
  });

  it("counts a user's reports of the last hour, and refuses past thirty with Retry-After", async () => {
    // The earlier tests' reports count too: fill the hour up to the limit, then ask once more.
    let refused = false;
    for (let i = 0; i <= REPORTS_PER_HOUR && !refused; i++) {
      const res = await get(t, other.cookie, "/api/reports/annual/2025.csv");
      if (res.statusCode === 429) {
        refused = true;
        expect(res.json()).toMatchObject({
          code: "reports_per_hour",
          message: reportLimitTexts.tooManyThisHour(REPORTS_PER_HOUR),
        });
        const wait = Number(res.headers["retry-after"]);
        // Until the oldest of them leaves the hour: the file's first report, minutes ago at most.
        expect(wait).toBeGreaterThan(3000);
        expect(wait).toBeLessThanOrEqual(3600);
      } else expect(res.statusCode, res.body).toBe(200);
    }
    expect(refused).toBe(true);
    // Another user's hour is their own.
    expect((await get(t, viewer.cookie, "/api/reports/annual/2025.csv")).statusCode).toBe(200);
  });
});
