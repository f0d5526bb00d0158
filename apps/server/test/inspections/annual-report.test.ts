/**
 * GET /api/reports/annual/<year>.csv|.pdf: every figure equals a count made here in SQL over a
 * seeded year (and the years around it, and another workspace, which must not count); the PDF
 * reads back with pdftotext; a bad year is refused.
 */
import { ANNUAL_POLE_FIGURES, ANNUAL_REPORT_CSV_COLUMNS, annualReportTexts } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createTeamWith } from "../workspaces/support";
import { countedInSql, ROAD, seedYear } from "./annual-support";
import { pdfInfo, pdfPages } from "./pdf-tools";
import { get } from "./support";

const TODAY = "2026-06-15";
const t = useTestApp({}, { today: () => TODAY });
const owner = useSignedInUser(t);
const viewer = useSignedInUser(t);
const other = useSignedInUser(t);
const db = () => t.db.database.db;
let ws = "";
let elsewhere = "";

beforeAll(async () => {
  ws = await createTeamWith(t, owner, [[viewer, "viewer"]]);
  await seedYear(db(), ws, owner.id);
  // Another team's year, smaller: counted anywhere here, it would change every total.
  elsewhere = await createTeamWith(t, other, []);
  await seedYear(db(), elsewhere, other.id, 9);
});

/** The CSV's rows as "section,group,figure" → value, checking its header and that no row repeats. */
function figuresOf(csv: string): Record<string, number> {
  const [header, ...lines] = csv.trimEnd().split("\r\n");
  expect(header).toBe(ANNUAL_REPORT_CSV_COLUMNS.join(","));
  const out: Record<string, number> = {};
  for (const line of lines) {
    const cells = line.split(",");
    expect(cells).toHaveLength(4);
    const key = cells.slice(0, 3).join(",");
    expect(out, `${key} twice`).not.toHaveProperty(key);
    out[key] = Number(cells[3]);
  }
  return out;
}

async function csvOf(year: number, who = owner) {
  const res = await get(t, who.cookie, `/api/reports/annual/${year}.csv`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(res.headers["content-disposition"]).toBe(`attachment; filename="annual-report-${year}.csv"`);
  return figuresOf(res.body);
}

describe("the annual programme report", () => {
  it("counts a past year's figures as SQL does, and none of the years around it", async () => {
    const figures = await csvOf(2025);
    expect(figures).toEqual(await countedInSql(db(), ws, "2025-01-01", "2025-12-31"));
    // The seeds reach every kind of close and state, so a wrong rule shows as a wrong figure.
    for (const figure of ["closed_on_time", "closed_late", "closed_extended", "open_at_end"]) {
      const all = [1, 2, 3].reduce((n, l) => n + figures[`findings,level-${l},${figure}`]!, 0);
      expect(all, figure).toBeGreaterThan(0);
    }
    for (const figure of ["due", "due_inspected", "inspected", "overdue_at_end", "never_inspected"]) {
      expect(figures[`poles,all,${figure}`], figure).toBeGreaterThan(0);
    }
    // Every extension granted in the year, by reason, whatever became of its finding.
    expect(figures[`extension_reasons,${ROAD},findings`]).toBe(3);
    expect(figures["extension_reasons,Crew shortage,findings"]).toBe(1);
    expect(figures["extension_reasons,Outage needed,findings"]).toBe(1);
    expect(await csvOf(2024)).toEqual(await countedInSql(db(), ws, "2024-01-01", "2024-12-31"));
    // The other team reads its own year only.
    const theirs = await csvOf(2025, other);
    expect(theirs).toEqual(await countedInSql(db(), elsewhere, "2025-01-01", "2025-12-31"));
    expect(theirs).not.toEqual(figures);
  });

  it("counts the current year up to today, for a viewer too", async () => {
    expect(await csvOf(2026, viewer)).toEqual(await countedInSql(db(), ws, "2026-01-01", TODAY));
  });

  it("prints the same figures as a tagged PDF numbered page by page", async () => {
    const res = await get(t, viewer.cookie, "/api/reports/annual/2025.pdf");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('inline; filename="annual-report-2025.pdf"');
    const pages = await pdfPages(res.rawPayload);
    const info = await pdfInfo(res.rawPayload);
    expect(info.Tagged).toBe("yes");
    expect(pages[0]).toContain(annualReportTexts.title(2025));
    expect(pages[0]).toContain("Period: 2025-01-01 to 2025-12-31");
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    const text = pages.join("\n");
    const want = await countedInSql(db(), ws, "2025-01-01", "2025-12-31");
    const row = (label: string) =>
      text
        .split("\n")
        .find((l) => l.trim().startsWith(label))!
        .trim()
        .split(/\s{2,}/);
    for (const level of [1, 2, 3]) {
      const figures = ["opened", "closed", "closed_on_time", "closed_late", "closed_extended", "open_at_end"];
      expect(row(`Level ${level}`).slice(1)).toEqual(
        figures.map((f) => String(want[`findings,level-${level},${f}`])),
      );
    }
    const poles = text.slice(text.indexOf(annualReportTexts.poles), text.indexOf(annualReportTexts.findings));
    // The PDF's columns are the CSV's figures, in its order.
    const numbers = ANNUAL_POLE_FIGURES.map((f) => String(want[`poles,all,${f}`]));
    expect(poles.replace(/\s+/g, " ")).toContain(numbers.join(" "));
    // Each finding closed after an extension in time, with every reason it was given.
    const extended = text
      .slice(text.indexOf("Findings closed after an extension"), text.indexOf(annualReportTexts.reasons))
      .replace(/\s+/g, " ");
    expect(extended).toContain("Landowner refused access; Road closed for resurfacing");
    expect(extended).not.toContain("Crew shortage");
  });

  it("refuses a year that is not four digits, out of range or not begun, and another format", async () => {
    for (const file of ["25.csv", "02025.pdf", "1800.csv", "2025.txt", "year.pdf"]) {
      const res = await get(t, owner.cookie, `/api/reports/annual/${file}`);
      expect(res.statusCode, file).toBe(400);
      expect(res.json<{ message: string }>().message, file).toMatch(/year/);
    }
    const res = await get(t, owner.cookie, "/api/reports/annual/2027.pdf");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "invalid_year",
      message: annualReportTexts.notBegun(2027, 2026),
    });
  });
});
