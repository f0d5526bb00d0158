/**
 * The OGC layer's `findings` collection: listed once the key's workspace has findings, each at its
 * pole's position with what a GIS user styles by (pole tag, code, level, status, dates, overdue),
 * paged to every finding exactly once, filtered by bbox and observed date, never another
 * workspace's.
 */
import { ogcCollectionsSchema } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createKey } from "../api-keys/support";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { addFinding, resolveFinding } from "../inspections/support";
import { placedPhoto } from "../poles/support";
import { ogcClient, poleGrid } from "./support";

const TODAY = "2026-06-01";
const t = useTestApp({}, { today: () => TODAY });
const owner = useSignedInUser(t);
const stranger = useSignedInUser(t);

const { call, page, walk } = ogcClient(t);

/** Two findings on each pole of a workspace's grid, observed on `day1` and `day2`. */
async function findingsOnGrid(workspaceId: string, userId: string, day1: string, day2: string) {
  await t.db.database.db.execute(sql`
    INSERT INTO utility_pole_findings (workspace_id, pole_id, code, level, observed_on, due_on, created_by)
    SELECT p.workspace_id, p.id, 'lean', 2, d.day::date, d.day::date + 90, ${userId}
      FROM utility_poles p CROSS JOIN (VALUES (${day1}), (${day2})) AS d(day)
     WHERE p.workspace_id = ${workspaceId}`);
}

describe("/ogc/collections/findings", () => {
  it("is listed only once the workspace has findings", async () => {
    const { key } = await createKey(t, owner, "read");
    const ids = async () =>
      ogcCollectionsSchema.parse((await call(key, "/ogc/collections")).json()).collections.map((c) => c.id);
    expect(await ids()).toEqual(["poles", "photos"]);
    expect((await call(key, "/ogc/collections/findings/items")).statusCode).toBe(404);

    await poleGrid(t, owner.id, 6, 20, 60, "F");
    await findingsOnGrid(owner.id, owner.id, "2026-01-10", "2026-03-20");
    expect(await ids()).toEqual(["poles", "photos", "findings"]);
    expect((await call(key, "/ogc/collections/findings")).json()).toMatchObject({
      id: "findings",
      extent: { spatial: { bbox: [[20, 60, 20.005, 60.005]] } },
    });
  });

  it("pages every finding exactly once, and never another workspace's", async () => {
    await poleGrid(t, stranger.id, 3, 20, 60, "S");
    await findingsOnGrid(stranger.id, stranger.id, "2026-01-10", "2026-03-20");
    const { key } = await createKey(t, owner, "read");
    const ids = await walk(key, "/ogc/collections/findings/items?limit=7");
    expect(ids).toHaveLength(72);
    expect(new Set(ids).size).toBe(72);
    const theirs = await walk((await createKey(t, stranger, "read")).key, "/ogc/collections/findings/items");
    expect(theirs).toHaveLength(18);
    expect(ids.filter((id) => theirs.includes(id))).toEqual([]);
    expect((await call(key, `/ogc/collections/findings/items/${theirs[0]}`)).statusCode).toBe(404);
    expect((await call(key, `/ogc/collections/findings/items/${ids[0]}`)).statusCode).toBe(200);
  });

  it("filters by bbox (the poles in the box) and by observed date", async () => {
    const { key } = await createKey(t, owner, "read");
    // Columns 1…2 and rows 2…4 of the 6 × 6 grid: 6 poles, two findings each.
    const box = await walk(
      key,
      "/ogc/collections/findings/items?bbox=20.0005,60.0015,20.0025,60.0045&limit=5",
    );
    expect(box).toHaveLength(12);
    const march = await page(key, "/ogc/collections/findings/items?datetime=2026-03-01/2026-03-31&limit=100");
    expect(march.numberReturned).toBe(36);
    expect(march.features.every((f) => f.properties.observed_on === "2026-03-20")).toBe(true);
    const before = await page(key, "/ogc/collections/findings/items?datetime=../2026-02-01&limit=100");
    expect(before.features.every((f) => f.properties.observed_on === "2026-01-10")).toBe(true);
    expect(before.numberReturned).toBe(36);
    expect((await call(key, "/ogc/collections/findings/items?datetime=soon")).statusCode).toBe(400);
  });

  it("places a finding at its pole, with its tag, level, status, dates and whether it is overdue", async () => {
    const photo = await placedPhoto(t, owner.cookie, 61, 21, "2026-02-01");
    const poleId = photo.pole_id!;
    await t.db.database.db.execute(sql`UPDATE utility_poles SET tag = 'T-77' WHERE id = ${poleId}`);
    const open = await addFinding(t, owner.cookie, poleId, {
      code: "crossarm",
      level: 1,
      observed_on: "2026-02-01",
    });
    const fixed = await addFinding(t, owner.cookie, poleId, { code: "lean", level: 3 });
    await resolveFinding(t, owner.cookie, fixed.id);
    const { key } = await createKey(t, owner, "read");
    const p = await page(key, "/ogc/collections/findings/items?bbox=20.9,60.9,21.1,61.1");
    const byId = new Map(p.features.map((f) => [f.id, f]));
    expect(byId.get(open.id)).toMatchObject({
      geometry: { type: "Point", coordinates: [21, 61] },
      properties: {
        pole_tag: "T-77",
        pole_id: poleId,
        code: "crossarm",
        level: 1,
        status: "open",
        observed_on: "2026-02-01",
        due_on: open.due_on,
        overdue: open.due_on < TODAY,
        resolved_on: null,
      },
    });
    expect(open.due_on < TODAY).toBe(true);
    expect(byId.get(fixed.id)?.properties).toMatchObject({
      code: "lean",
      status: "resolved",
      overdue: false,
      resolved_on: TODAY,
      action: "Replaced the pole",
    });
    // The pole's own feature takes its condition from the worst open finding, as the map does
    // (its photo is not rated).
    const pole = await page(key, "/ogc/collections/poles/items?bbox=20.9,60.9,21.1,61.1");
    expect(pole.features.find((f) => f.id === poleId)?.properties).toMatchObject({ condition: "high" });
  });
});
