/**
 * OGC API – Features under /ogc: key only, GeoJSON pages whose `next` links reach every feature of
 * the key's workspace exactly once, bbox and datetime filters, and nothing of another workspace.
 */
import {
  CRS84,
  GEOJSON_TYPE,
  OGC_CONFORMANCE,
  ogcCollectionsSchema,
  ogcFeatureSchema,
  ogcTexts,
} from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createKey } from "../api-keys/support";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { ogcClient, poleGrid } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);
const stranger = useSignedInUser(t);

const { call, page, walk } = ogcClient(t);

describe("/ogc", () => {
  it("answers 401 with a Basic challenge without a key", async () => {
    for (const url of ["/ogc", "/ogc/collections", "/ogc/collections/poles/items"]) {
      const res = await call(null, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Basic /);
    }
  });

  it("describes itself: landing, conformance, collections", async () => {
    const { key } = await createKey(t, owner, "read");
    const landing = (await call(key, "/ogc")).json<{ links: { rel: string }[] }>();
    expect(landing.links.map((l) => l.rel)).toEqual(
      expect.arrayContaining(["conformance", "data", "service-desc"]),
    );
    expect((await call(key, "/ogc/conformance")).json()).toEqual({ conformsTo: [...OGC_CONFORMANCE] });
    const collections = ogcCollectionsSchema.parse((await call(key, "/ogc/collections")).json());
    expect(collections.collections.map((c) => c.id)).toEqual(["poles", "photos"]);
    expect((await call(key, "/ogc/collections/findings")).statusCode).toBe(404);
  });

  it("pages every pole exactly once, and never another workspace's", async () => {
    const total = await poleGrid(t, owner.id, 16, 10, 50, "P");
    await poleGrid(t, stranger.id, 5, 10, 50, "S");
    const { key } = await createKey(t, owner, "read");
    const ids = await walk(key, "/ogc/collections/poles/items?limit=37");
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    const first = await page(key, "/ogc/collections/poles/items?limit=1");
    expect(first.features[0]?.properties).toMatchObject({
      material: "wood",
      height_m: 12.5,
      condition: "unrated",
      position_source: "gps",
    });
    expect(String(first.features[0]?.properties.tag)).toMatch(/^P-/);

    const theirs = await page(
      (await createKey(t, stranger, "read")).key,
      "/ogc/collections/poles/items?limit=1",
    );
    const res = await call(key, `/ogc/collections/poles/items/${theirs.features[0]?.id}`);
    expect(res.statusCode).toBe(404);
    const own = await call(key, `/ogc/collections/poles/items/${ids[0]}`);
    expect(own.headers["content-type"]).toMatch(/^application\/geo\+json/);
    expect(ogcFeatureSchema.parse(own.json()).id).toBe(ids[0]);
  });

  it("filters by bbox (the box's poles only) and refuses a malformed one", async () => {
    const { key } = await createKey(t, owner, "read");
    // Columns 2…5 and rows 3…6 of the 16 × 16 grid (0.001° apart; edges half-way between poles).
    const ids = await walk(key, "/ogc/collections/poles/items?bbox=10.0015,50.0025,10.0055,50.0065&limit=5");
    expect(ids).toHaveLength(16);
    for (const bbox of ["1,2,3", "a,b,c,d", "10,60,11,50", "200,0,201,1"]) {
      const res = await call(key, `/ogc/collections/poles/items?bbox=${bbox}`);
      expect(res.statusCode, bbox).toBe(400);
    }
  });

  it("takes CRS84 as bbox-crs and crs, and refuses any other with a 400 that names it", async () => {
    const { key } = await createKey(t, owner, "read");
    const box = "bbox=10.0015,50.0025,10.0055,50.0065";
    for (const crs of [CRS84, "[OGC:CRS84]"]) {
      const q = `${box}&bbox-crs=${encodeURIComponent(crs)}&crs=${encodeURIComponent(crs)}`;
      expect((await page(key, `/ogc/collections/poles/items?${q}`)).numberReturned, crs).toBe(16);
    }
    const one = (await page(key, "/ogc/collections/poles/items?limit=1")).features[0]!;
    const unsupported = ["http://www.opengis.net/def/crs/EPSG/0/4326", "EPSG:3857", "", "CRS84x"];
    for (const crs of unsupported) {
      for (const [param, url] of [
        ["bbox-crs", `/ogc/collections/poles/items?${box}&bbox-crs=${encodeURIComponent(crs)}`],
        ["crs", `/ogc/collections/poles/items?crs=${encodeURIComponent(crs)}`],
        ["crs", `/ogc/collections/poles/items/${one.id}?crs=${encodeURIComponent(crs)}`],
      ] as const) {
        const res = await call(key, url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json<{ message: string }>().message, url).toContain(ogcTexts.unsupportedCrs(param));
      }
    }
  });

  it("serves limits above the maximum at the maximum; refuses 0", async () => {
    const { key } = await createKey(t, owner, "read");
    expect((await page(key, "/ogc/collections/poles/items?limit=50000")).numberReturned).toBeGreaterThan(100);
    expect((await call(key, "/ogc/collections/poles/items?limit=0")).statusCode).toBe(400);
    expect((await page(key, "/ogc/collections/poles/items")).numberReturned).toBe(100);
  });

  it("filters photos by datetime and links their files, which open with the same key", async () => {
    const march = await placedPhoto(t, owner.cookie, 51, 11, "2024-03-05");
    const may = await placedPhoto(t, owner.cookie, 51.001, 11, "2024-05-20");
    const { key } = await createKey(t, owner, "read");
    const all = await page(key, "/ogc/collections/photos/items");
    expect(all.features.map((f) => f.id).sort()).toEqual([march.id, may.id].sort());
    const spring = await page(key, "/ogc/collections/photos/items?datetime=2024-03-01/2024-03-31");
    expect(spring.features.map((f) => f.id)).toEqual([march.id]);
    const since = await page(key, "/ogc/collections/photos/items?datetime=2024-04-01T00:00:00Z/..");
    expect(since.features.map((f) => f.id)).toEqual([may.id]);
    expect((await call(key, "/ogc/collections/photos/items?datetime=March")).statusCode).toBe(400);
    const url = String(spring.features[0]?.properties.thumbnail_url).replace(/^https?:\/\/[^/]+/, "");
    expect((await call(key, url)).statusCode).toBe(200);
    expect((await call(null, url)).statusCode).toBe(401);
    expect(GEOJSON_TYPE).toBe("application/geo+json");
  });

  it("gives each photo its camera heading, null when the photo has none", async () => {
    const facing = await placedPhoto(t, owner.cookie, 52, 12, "2024-06-01");
    const unknown = await placedPhoto(t, owner.cookie, 52.001, 12, "2024-06-02");
    await t.db.database.db.execute(
      sql`UPDATE utility_pole_images SET heading = 127.5 WHERE id = ${facing.id}`,
    );
    const { key } = await createKey(t, owner, "read");
    const june = await page(key, "/ogc/collections/photos/items?datetime=2024-06-01/2024-06-30");
    const headings = new Map(june.features.map((f) => [f.id, f.properties.heading]));
    expect(headings).toEqual(
      new Map<string, unknown>([
        [facing.id, 127.5],
        [unknown.id, null],
      ]),
    );
    const one = await call(key, `/ogc/collections/photos/items/${facing.id}`);
    expect(ogcFeatureSchema.parse(one.json()).properties.heading).toBe(127.5);
  });

  it("gives each pole its latest lean, null when never measured", async () => {
    const leaning = await placedPhoto(t, owner.cookie, 53, 13, "2024-07-01");
    const plumb = await placedPhoto(t, owner.cookie, 53.01, 13, "2024-07-01");
    await t.db.database.db.execute(
      sql`UPDATE utility_poles SET lean_deg = 6.2, lean_toward_deg = 135, lean_apparent = false,
            lean_measured_at = '2026-05-04T10:20:30Z' WHERE id = ${leaning.pole_id}`,
    );
    const { key } = await createKey(t, owner, "read");
    const propertiesOf = async (id: string | null) =>
      ogcFeatureSchema.parse((await call(key, `/ogc/collections/poles/items/${id}`)).json()).properties;
    expect(await propertiesOf(leaning.pole_id)).toMatchObject({
      lean_deg: 6.2,
      lean_toward_deg: 135,
      lean_apparent: false,
      lean_measured_at: "2026-05-04T10:20:30Z",
    });
    expect(await propertiesOf(plumb.pole_id)).toMatchObject({
      lean_deg: null,
      lean_toward_deg: null,
      lean_apparent: null,
      lean_measured_at: null,
    });
  });
});
