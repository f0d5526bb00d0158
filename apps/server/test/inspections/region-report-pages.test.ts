/**
 * The region report as its readers get it: numbered pages, table headers on every page a table
 * runs onto, the poles due for inspection by lateness and those with no inspection on record by
 * tag, a map in the legend's colours, each open finding's photo (up to the report's limit), and a
 * tagged document with its title and language. Read back with poppler's tools.
 */
import { RISK_COLORS, regionKey } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { createTeam, setActive } from "../workspaces/support";
import { pdfImages, pdfInfo, pdfPagePng, pdfPages } from "./pdf-tools";
import { addFinding, get } from "./support";

const TODAY = "2026-06-01";
const t = useTestApp({ REPORT_MAX_PHOTOS: "3" }, { today: () => TODAY });
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);
const db = () => t.db.database.db;
const REGION = regionKey(24.9, 60.1);
const pad = (i: number) => String(i).padStart(3, "0");

let ws = "";
let pdf: Buffer;
let pages: string[];

beforeAll(async () => {
  ws = await createTeam(t, user);
  await setActive(t, user, ws);
  // Three photographed poles with open findings: two found on a photo, one without; a fourth
  // finding, past the photo limit, on a photo too.
  const [a, b, c] = await Promise.all(
    [24.91, 24.92, 24.93].map((lon) => placedPhoto(t, user.cookie, 60.11, lon, "2026-05-01")),
  );
  await addFinding(t, user.cookie, a!.pole_id!, { code: "vegetation-contact", level: 1, image_id: a!.id });
  await addFinding(t, user.cookie, b!.pole_id!, { code: "crossarm", level: 2 });
  await addFinding(t, user.cookie, c!.pole_id!, { code: "lean", level: 2, image_id: c!.id });
  await addFinding(t, user.cookie, a!.pole_id!, { code: "tag-missing", level: 3, image_id: a!.id });
  // 120 register poles visited on shuffled days (due on shuffled days), 90 never visited, all
  // inserted out of tag order.
  await db().execute(sql`INSERT INTO utility_poles (workspace_id, source, latitude, longitude, tag)
    SELECT ${ws}, 'import', 60.06 + (i % 11) * 0.003, 24.86 + (i % 13) * 0.003, 'D-' || lpad(i::text, 3, '0')
    FROM generate_series(1, 120) AS i ORDER BY (i * 37) % 120`);
  await db()
    .execute(sql`INSERT INTO utility_pole_visits (workspace_id, pole_id, type, inspected_on, result, source)
    SELECT ${ws}, p.id, 'detailed', '2019-01-01'::date + ((substring(p.tag FROM 3)::int * 53) % 120) * 20,
      'no-defects', 'imported'
    FROM utility_poles p WHERE p.workspace_id = ${ws} AND p.tag LIKE 'D-%'`);
  await db().execute(sql`INSERT INTO utility_poles (workspace_id, source, latitude, longitude, tag)
    SELECT ${ws}, 'import', 60.07 + (i % 7) * 0.003, 24.88, 'N-' || lpad(i::text, 3, '0')
    FROM generate_series(1, 90) AS i ORDER BY (i * 31) % 90`);

  const res = await get(t, user.cookie, `/api/reports/region/${REGION}.pdf`);
  expect(res.statusCode, res.body).toBe(200);
  pdf = res.rawPayload;
  pages = await pdfPages(pdf);
});

/** The D- and N- tags in the order the text shows them, from `from` to `to`. */
function tagsBetween(from: string, to: string | null, prefix: string): string[] {
  const text = pages.join("\n");
  const part = text.slice(text.indexOf(from), to ? text.indexOf(to) : undefined);
  return [...part.matchAll(new RegExp(`\\b${prefix}-\\d{3}\\b`, "g"))].map((m) => m[0]);
}

describe("the region report's pages", () => {
  it("numbers every page 'Page n of N' and repeats the table headers on each", async () => {
    const info = await pdfInfo(pdf);
    const count = Number(info.Pages);
    expect(count).toBeGreaterThanOrEqual(4);
    expect(pages).toHaveLength(count);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${count}`));
    // Every page holding due poles' rows starts them under the table's header.
    const withDue = pages.filter((p) => /\bD-\d{3}\b.*\d{4}-\d{2}-\d{2}/.test(p));
    expect(withDue.length).toBeGreaterThanOrEqual(2);
    for (const page of withDue)
      expect(page).toMatch(/Pole tag\s+Position\s+Type due\s+Last visit\s+Due\s+Days late/);
    const withNever = pages.filter((p) => /\bN-\d{3}\b/.test(p));
    for (const page of withNever) expect(page).toMatch(/Pole tag\s+Position/);
  });

  it("lists the due poles most overdue first and those with no inspection apart, by tag", async () => {
    const { rows } = await db().execute(sql`SELECT tag, inspection_due_on::text AS due FROM utility_poles
      WHERE workspace_id = ${ws} AND inspection_due_on <= '2027-06-01'`);
    const due = (rows as { tag: string; due: string }[])
      .filter((r) => r.tag.startsWith("D-"))
      .sort((x, y) => x.due.localeCompare(y.due) || x.tag.localeCompare(y.tag))
      .map((r) => r.tag);
    expect(due.length).toBeGreaterThan(30);
    expect(tagsBetween("Poles due for inspection", "Poles with no inspection", "D")).toEqual(due);
    const never = Array.from({ length: 90 }, (_, i) => `N-${pad(i + 1)}`);
    expect(tagsBetween("Poles with no inspection on record, by tag", null, "N")).toEqual(never);
    // The most overdue shows how late it is, in days.
    const first = pages
      .join("\n")
      .match(new RegExp(`${due[0]}\\s+\\S+\\s+\\S+\\s+(\\S+)\\s+\\S+\\s+(\\S+)\\s+(\\d+)\\b`));
    expect(["Patrol", "Detailed", "Intrusive"]).toContain(first?.[1]);
    expect(Number(first?.[3])).toBeGreaterThan(0);
  });

  it("embeds the photo of each finding found on one, up to the limit, and says which have none", async () => {
    const images = await pdfImages(pdf);
    // Findings by due date: Level 1 (photo), the two Level 2 (one photo), then Level 3 past the
    // limit of three.
    expect(images).toHaveLength(2);
    for (const image of images) expect(image.enc).toBe("jpeg");
    const text = pages.join("\n");
    expect(text).toContain("No photo: the finding was recorded without one.");
    expect(text).toContain("The report embeds the photos of the first 3 findings");
  });

  it("draws the map of the region's poles in the legend's colours", async () => {
    const text = pages.join("\n");
    const mapPage = pages.findIndex((p) => p.includes("Map of the region's poles")) + 1;
    expect(mapPage).toBeGreaterThan(0);
    expect(pages[mapPage - 1]).toMatch(
      /Condition:\s+High Risk\s+Medium Risk\s+Low Risk\s+Not rated\s+Overdue/,
    );
    expect(text).toMatch(/\d+ (m|km)\b/); // the scale bar
    const { data, info } = await sharp(await pdfPagePng(pdf, mapPage, 72))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixelsOf = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      let n = 0;
      for (let i = 0; i < data.length; i += info.channels) {
        if (Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) < 30) n++;
      }
      return n;
    };
    // One High (Level 1) pole and 210 unrated ones, drawn as dots.
    expect(pixelsOf(RISK_COLORS.high)).toBeGreaterThan(5);
    expect(pixelsOf(RISK_COLORS.medium)).toBeGreaterThan(5);
    expect(pixelsOf("#202020")).toBeGreaterThan(200);
  });

  it("is tagged, with its title and language", async () => {
    const info = await pdfInfo(pdf);
    expect(info.Tagged).toBe("yes");
    expect(info.Title).toBe("Region 1 inspection report");
    const raw = pdf.toString("latin1");
    expect(raw).toMatch(/\/Lang \(en\)/);
    for (const role of ["H1", "H2", "Table", "TH", "TD", "Figure"]) expect(raw).toContain(`/S /${role}`);
  });

  it("is 404 for another workspace's region", async () => {
    expect((await get(t, stranger.cookie, `/api/reports/region/${REGION}.pdf`)).statusCode).toBe(404);
  });
});
