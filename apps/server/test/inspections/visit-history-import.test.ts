/**
 * POST /api/inspections/import: a history CSV of visits, like the register import: a dry run that
 * writes nothing, each visit once (a re-run leaves them unchanged), bad rows listed with their
 * reasons, owners and admins only, another workspace's tags unknown, a file without the columns 400.
 */
import {
  MAX_INSPECTOR_LENGTH,
  MAX_NOTES_LENGTH,
  poleImportTexts,
  visitImportResultSchema,
  visitTexts,
} from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { multipartBody } from "../helpers/multipart";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { imported, polesOf } from "../poles/import-support";
import { createTeamWith, setActive } from "../workspaces/support";
import { visitsOf } from "./visit-support";

const today = "2026-06-01";
const t = useTestApp({}, { today: () => today });
const owner = useSignedInUser(t);
const member = useSignedInUser(t);
const stranger = useSignedInUser(t);
let team = "";

function send(who: SignedInUser, csv: string, dryRun = false) {
  const body = multipartBody(Buffer.from(csv), { filename: "visits.csv", contentType: "text/csv" });
  return t.app.inject({
    method: "POST",
    url: `/api/inspections/import${dryRun ? "?dryRun=true" : ""}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN, "content-type": body.contentType },
    payload: body.payload,
  });
}

async function history(who: SignedInUser, csv: string, dryRun = false) {
  const res = await send(who, csv, dryRun);
  expect(res.statusCode, res.body).toBe(200);
  return visitImportResultSchema.parse(res.json());
}

const HISTORY = [
  "Tag,Type,Date,Inspector,Result,Notes",
  "H-1,detailed,2024-04-01,A. Lineman,no-defects,",
  "H-1,patrol,2025-09-10,B. Crew,Findings,Vines",
  "h-2,Patrol,2025-09-10,B. Crew,no defects,",
  "H-9,patrol,2025-09-10,B. Crew,findings,",
  "H-2,aerial,2025-09-10,B. Crew,findings,",
  "H-2,patrol,2026-06-02,B. Crew,findings,",
  "H-2,patrol,2025-09-10,B. Crew,fine,",
  "H-1,patrol,2025-09-10,B. Crew,findings,",
].join("\n");

describe("importing an inspection history", () => {
  it("records each visit once, lists bad rows, and writes nothing on a dry run", async () => {
    team = await createTeamWith(t, owner, [[member, "member"]]);
    await imported(t, owner, "tag,lat,lon\nH-1,44.01,6.01\nH-2,44.02,6.01\n");
    const dry = await history(owner, HISTORY, true);
    expect(dry).toMatchObject({ created: 3, unchanged: 0, rejected_count: 5, dry_run: true });
    expect(dry.rejected).toEqual([
      { row: 5, reason: visitTexts.historyUnknownTag("h-9") },
      { row: 6, reason: visitTexts.importUnknownType("aerial", ["patrol", "detailed", "intrusive"]) },
      { row: 7, reason: visitTexts.futureDate },
      { row: 8, reason: visitTexts.historyBadResult("fine") },
      { row: 9, reason: visitTexts.historyTwice },
    ]);

    expect(await history(owner, HISTORY)).toMatchObject({ created: 3, unchanged: 0, dry_run: false });
    expect(await history(owner, HISTORY)).toMatchObject({ created: 0, unchanged: 3 });

    const h1 = (await polesOf(t, team)).find((p) => p.tag === "H-1")!;
    expect(await visitsOf(t, owner.cookie, h1.id)).toMatchObject([
      {
        type: "patrol",
        inspected_on: "2025-09-10",
        result: "findings",
        inspector: "B. Crew",
        notes: "Vines",
      },
      { type: "detailed", inspected_on: "2024-04-01", result: "no-defects", source: "imported" },
    ]);
  });

  it("is for owners and admins, reads only the workspace's tags, and says which columns are missing", async () => {
    expect((await send(member, HISTORY)).statusCode).toBe(403);
    // The stranger's personal workspace has no pole H-1.
    const elsewhere = await history(
      stranger,
      "tag,type,date,inspector,result\nH-1,patrol,2025-01-01,X,findings\n",
    );
    expect(elsewhere).toMatchObject({
      created: 0,
      rejected: [{ row: 2, reason: visitTexts.historyUnknownTag("h-1") }],
    });
    const bad = await send(owner, "tag,type,date\nH-1,patrol,2025-01-01\n");
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(visitTexts.historyColumns("inspector, result"));
    const noFile = await t.app.inject({
      method: "POST",
      url: "/api/inspections/import",
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
  });

  it("refuses the rows a visit recorded in the app could not hold, naming why", async () => {
    const long = (n: number) => "x".repeat(n);
    const csv = [
      "tag,type,date,inspector,result,notes",
      `H-1,patrol,2020-01-01,A,findings,${long(MAX_NOTES_LENGTH)}`,
      `H-1,patrol,2020-01-02,A,findings,${long(MAX_NOTES_LENGTH + 1)}`,
      `H-1,patrol,2020-01-03,${long(MAX_INSPECTOR_LENGTH + 1)},findings,`,
      `H-1,patrol,2020-01-04,${long(MAX_INSPECTOR_LENGTH)},findings,`,
    ].join("\n");
    const result = await history(owner, csv);
    expect(result).toMatchObject({ created: 2, rejected_count: 2 });
    expect(result.rejected).toEqual([
      { row: 3, reason: visitTexts.historyNotesTooLong(MAX_NOTES_LENGTH) },
      { row: 4, reason: visitTexts.historyInspectorTooLong(MAX_INSPECTOR_LENGTH) },
    ]);
    const h1 = (await polesOf(t, team)).find((p) => p.tag === "H-1")!;
    const kept = (await visitsOf(t, owner.cookie, h1.id)).filter((v) => v.inspected_on < "2020-02-01");
    expect(kept.map((v) => v.notes?.length ?? 0).sort()).toEqual([0, MAX_NOTES_LENGTH]);
    // A cell of megabytes is no visit's: the file is refused whole, saying where, and nothing is kept.
    const huge = await send(
      owner,
      `tag,type,date,inspector,result,notes\nH-1,patrol,2020-01-05,A,findings,${long(5 << 20)}\n`,
    );
    expect(huge.statusCode, huge.body.slice(0, 200)).toBe(400);
    expect(huge.json()).toMatchObject({
      code: "import_unreadable",
      message: poleImportTexts.csvUnreadable(poleImportTexts.csvRecordTooLong(2, 1)),
    });
    expect((await visitsOf(t, owner.cookie, h1.id)).some((v) => v.inspected_on === "2020-01-05")).toBe(false);
  });

  it("reads a long history in batches, keeping every refusal in row order and each visit once", async () => {
    const ROWS = 9_000;
    const lines = ["tag,type,date,inspector,result"];
    for (let i = 0; i < ROWS; i++) {
      const day = new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      // Every 1,000th row names an unknown pole (refused after the batch's lookup), every
      // 1,500th a bad result (refused as read); the last row repeats the first.
      const tag = i % 1000 === 999 ? "NOPE" : "H-2";
      lines.push(`${tag},patrol,${day},A,${i % 1500 === 1499 ? "maybe" : "findings"}`);
    }
    lines.push(lines[1]!);
    const result = await history(owner, lines.join("\n"), true);
    const rows = result.rejected.map((r) => r.row);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    // 9 unknown, 6 bad results (3 of them on unknown poles, refused once), the repeat.
    expect(result.rejected_count).toBe(9 + 6 - 3 + 1);
    expect(result.created + result.unchanged).toBe(ROWS - 12);
    expect(result.rejected.at(-1)).toEqual({ row: ROWS + 2, reason: visitTexts.historyTwice });
    await setActive(t, owner, null);
  });
});
