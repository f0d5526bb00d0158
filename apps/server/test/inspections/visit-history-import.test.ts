/**
 * POST /api/inspections/import: a history CSV of visits, like the register import: a dry run that
 * writes nothing, each visit once (a re-run leaves them unchanged), bad rows listed with their
 * reasons, owners and admins only, another workspace's tags unknown, a file without the columns 400.
 */
import { visitImportResultSchema, visitTexts } from "@poleatlas/shared";
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
    await setActive(t, owner, null);
  });
});
