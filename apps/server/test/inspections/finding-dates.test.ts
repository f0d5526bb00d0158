/**
 * Dates at the ends of the calendar: a finding whose fix-by date would fall after 9999-12-31 (its
 * observed date plus its level's allowance), or dated in year 0, is a 400 that says so, and
 * nothing is stored or changed.
 */
import { inspectionTexts, poleTimelineSchema } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { addFinding, get, send } from "./support";

// At the calendar's end: the dates below are not in the future there.
const t = useTestApp({}, { today: () => "9999-12-31" });
const user = useSignedInUser(t);

const findingsOf = async (poleId: string) =>
  poleTimelineSchema.parse((await get(t, user.cookie, `/api/poles/${poleId}`)).json()).findings;

describe("finding dates at the ends of the calendar", () => {
  it("refuses an observed date whose fix-by date would pass 9999-12-31", async () => {
    const { pole_id } = await placedPhoto(t, user.cookie, 46.2, 6.1);
    for (const [observed_on, level] of [
      ["9999-12-31", 1],
      ["9999-12-25", 1],
      ["9999-01-01", 2],
      ["9995-06-01", 3],
    ] as const) {
      const res = await send(t, user.cookie, "POST", `/api/poles/${pole_id}/findings`, {
        code: "lean",
        level,
        observed_on,
      });
      expect(res.statusCode, `${observed_on} level ${level}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ message: inspectionTexts.dueDateTooLate });
    }
    expect(await findingsOf(pole_id!)).toEqual([]);

    const last = await addFinding(t, user.cookie, pole_id!, {
      code: "lean",
      level: 1,
      observed_on: "9999-12-24",
    });
    expect(last.due_on).toBe("9999-12-31");
  });

  it("refuses a new level whose fix-by date would pass 9999-12-31, and keeps the finding", async () => {
    const { pole_id } = await placedPhoto(t, user.cookie, 46.3, 6.1);
    const f = await addFinding(t, user.cookie, pole_id!, {
      code: "lean",
      level: 1,
      observed_on: "9999-12-01",
    });
    const res = await send(t, user.cookie, "PATCH", `/api/findings/${f.id}`, { level: 3 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: inspectionTexts.dueDateTooLate });
    expect((await findingsOf(pole_id!))[0]).toMatchObject({ level: 1, due_on: "9999-12-08" });
  });

  it("refuses year 0, which PostgreSQL has no day of", async () => {
    const { pole_id } = await placedPhoto(t, user.cookie, 46.4, 6.1);
    const observed = await send(t, user.cookie, "POST", `/api/poles/${pole_id}/findings`, {
      code: "lean",
      level: 1,
      observed_on: "0000-06-01",
    });
    expect(observed.statusCode, observed.body).toBe(400);
    const f = await addFinding(t, user.cookie, pole_id!, {
      code: "lean",
      level: 1,
      observed_on: "0001-01-01",
    });
    expect(f.due_on).toBe("0001-01-08");
    const resolved = await send(t, user.cookie, "PATCH", `/api/findings/${f.id}`, {
      resolve: { action: "Straightened", resolved_on: "0000-12-31" },
    });
    expect(resolved.statusCode, resolved.body).toBe(400);
    expect((await findingsOf(pole_id!))[0]).toMatchObject({ status: "open" });
  });
});
