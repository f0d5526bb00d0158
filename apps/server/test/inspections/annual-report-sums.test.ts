/**
 * The annual report's figures add up, summed here from its CSV: the poles due in the year are
 * those inspected plus those still due; a visit of another type leaves a pole due (a pole
 * patrolled in 2021 and given a detailed inspection in 2025 is still due its patrol). Its
 * extensions are the year's, listed by reason whatever became of their findings.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { createTeamWith } from "../workspaces/support";
import { addFinding, get, send } from "./support";
import { recordVisit } from "./visit-support";

const t = useTestApp({}, { today: () => "2026-06-15" });
const owner = useSignedInUser(t);

async function figures(year: number): Promise<Map<string, number>> {
  const res = await get(t, owner.cookie, `/api/reports/annual/${year}.csv`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.body.trimEnd().split("\r\n").slice(1);
  return new Map(rows.map((r) => [r.split(",").slice(0, 3).join(","), Number(r.split(",")[3])]));
}

beforeAll(async () => {
  await createTeamWith(t, owner, []);
  const pole = async (lat: number) => (await placedPhoto(t, owner.cookie, lat, 8.5)).pole_id!;
  const [a, b, c] = [await pole(47.1), await pole(47.2), await pole(47.3)];
  // a: patrol due 2023-09-08; the detailed visit in 2025 leaves the patrol due.
  await recordVisit(t, owner.cookie, a, { type: "patrol", inspected_on: "2021-09-08" });
  await recordVisit(t, owner.cookie, a, { type: "detailed", inspected_on: "2025-03-01" });
  // b: detailed due 2025-06-01, inspected 2025-07-01.
  await recordVisit(t, owner.cookie, b, { type: "detailed", inspected_on: "2020-06-01" });
  await recordVisit(t, owner.cookie, b, { type: "detailed", inspected_on: "2025-07-01" });
  // c: patrol due 2026-05-01: not due in 2025.
  await recordVisit(t, owner.cookie, c, { type: "patrol", inspected_on: "2024-05-01" });
  // An extension granted today (2026) on a finding that stays open.
  const f = await addFinding(t, owner.cookie, c, { code: "lean", level: 3, observed_on: "2026-01-10" });
  const extended = await send(t, owner.cookie, "PATCH", `/api/findings/${f.id}`, {
    due_on: "2032-01-10",
    extension_reason: "Storm season",
  });
  expect(extended.statusCode, extended.body).toBe(200);
});

describe("the annual report's sums", () => {
  it("counts the poles due in the year as inspected plus still due", async () => {
    const y = await figures(2025);
    const due = y.get("poles,all,due");
    expect(due).toBe(2);
    expect(y.get("poles,all,due_inspected")! + y.get("poles,all,due_not_inspected")!).toBe(due);
    expect(y.get("poles,all,due_inspected")).toBe(1);
    expect(y.get("poles,all,overdue_at_end")).toBe(y.get("poles,all,due_not_inspected"));
  });

  it("lists the year's extensions by reason, the finding still open", async () => {
    const y = await figures(2026);
    expect(y.get("extension_reasons,Storm season,findings")).toBe(1);
  });
});
