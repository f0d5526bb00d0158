/** GET /api/reports/region/:id.pdf: a PDF that pdftotext reads, holding the right rows. */
import { inspectionTexts, regionKey, regionListSchema } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { imported } from "../poles/import-support";
import { placedPhoto } from "../poles/support";
import { pdfText } from "./pdf-tools";
import { addFinding, get, resolveFinding } from "./support";

const t = useTestApp({}, { today: () => "2026-06-01" });
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);
const registrar = useSignedInUser(t);

describe("the region report", () => {
  it("lists the open findings by due date and the poles due for inspection", async () => {
    const a = await placedPhoto(t, user.cookie, 60.1, 24.9, "2015-05-05");
    const b = await placedPhoto(t, user.cookie, 60.12, 24.92, "2025-05-05");
    const later = await addFinding(t, user.cookie, a.pole_id!, { code: "crossarm", level: 3 });
    const sooner = await addFinding(t, user.cookie, b.pole_id!, { code: "vegetation-contact", level: 1 });
    const done = await addFinding(t, user.cookie, b.pole_id!, { code: "tag-missing", level: 2 });
    await resolveFinding(t, user.cookie, done.id);
    const region = regionKey(24.9, 60.1);

    const res = await get(t, user.cookie, `/api/reports/region/${region}.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Region 1 — inspection report");
    expect(text).toContain("Date: 2026-06-01");
    const open = text.slice(
      text.indexOf("Open findings by due date"),
      text.indexOf("Poles due for inspection"),
    );
    expect(open).toContain("(2)");
    expect(open.indexOf("vegetation-contact")).toBeGreaterThan(-1);
    expect(open.indexOf("vegetation-contact")).toBeLessThan(open.indexOf("crossarm"));
    expect(open).toContain(sooner.due_on);
    expect(open).toContain(later.due_on);
    expect(open).toContain("60.120000, 24.920000");
    expect(open).not.toContain("tag-missing");
    // Pole a was last photographed in 2015 but has a finding today: not due. None is due.
    expect(text.slice(text.indexOf("Poles due for inspection"))).toContain("(0)");
  });

  it("covers a region where only imported poles stand, named as the regions list names it", async () => {
    await placedPhoto(t, registrar.cookie, 35.01, 135.01, "2020-01-01");
    await imported(t, registrar, "tag,lat,lon\nK-1,35.01,135.02\nK-2,35.31,135.51\nK-3,35.32,135.52\n");
    const list = await get(t, registrar.cookie, "/api/regions");
    const unvisited = regionListSchema
      .parse(list.json())
      .regions.find((r) => r.id === regionKey(135.51, 35.31));
    expect(unvisited).toMatchObject({ count: 0, poles: 2, name: "Region 2" });

    const res = await get(t, registrar.cookie, `/api/reports/region/${unvisited!.id}.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Region 2 — inspection report");
    // No visit on record: counted as such and listed apart, not as due.
    const states = text.slice(text.indexOf("Poles by inspection state"), text.indexOf("Map of the region"));
    expect(states).toContain(inspectionTexts.neverInspected);
    expect(states.replace(/\s+/g, " ")).toContain("0 0 0 2");
    const due = text.slice(
      text.indexOf("Poles due for inspection"),
      text.indexOf("Poles with no inspection"),
    );
    expect(due).toContain("(0)");
    expect(due).not.toContain("K-2");
    // Few poles: the map names each by its tag.
    const map = text.slice(text.indexOf("Map of the region's poles"), text.indexOf("Condition:"));
    expect(map).toContain("K-2");
    expect(map).toContain("K-3");
    const never = text.slice(text.indexOf("Poles with no inspection on record"));
    expect(never).toContain("(2)");
    expect(never.indexOf("K-2")).toBeLessThan(never.indexOf("K-3"));
    // Still 404 for a region without poles or photos, and for someone else.
    expect((await get(t, registrar.cookie, `/api/reports/region/${regionKey(10, 10)}.pdf`)).statusCode).toBe(
      404,
    );
    expect((await get(t, stranger.cookie, `/api/reports/region/${unvisited!.id}.pdf`)).statusCode).toBe(404);
  });

  it("is 404 for someone else's region and 400 for a bad name", async () => {
    expect(
      (await get(t, stranger.cookie, `/api/reports/region/${regionKey(24.9, 60.1)}.pdf`)).statusCode,
    ).toBe(404);
    expect((await get(t, user.cookie, "/api/reports/region/nowhere.pdf")).statusCode).toBe(400);
    expect((await get(t, user.cookie, `/api/reports/region/${regionKey(24.9, 60.1)}.txt`)).statusCode).toBe(
      400,
    );
  });
});
