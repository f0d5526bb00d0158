/**
 * Hostile GeoPackages, written by hand: each gets a 4xx saying what is wrong (or, for a bad row,
 * a 200 rejecting that row and why), never a 500, and nothing of a refused file is imported. A
 * layer that is a view, a virtual table or a table with generated columns would run the file's
 * own SQL on the server: it is refused before a row is read, and the server answers meanwhile.
 */
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { expectHostileOutcome, OBJECT_MEMBER_NAMES, polesOf, type HostileCase } from "./import-support";
import { handmadeGeopackage, importGeopackage, type HandmadeLayer } from "./geopackage-support";
import { healthDuring } from "./import-watch";

const t = useTestApp();
const owner = useSignedInUser(t);
const other = useSignedInUser(t);

const BASE = { table: "base", columns: ["tag"], rows: [[16.37, 48.2, "B-1"]] };
/** The base layer with `sql` run after it, and `v` the layer gpkg_contents registers. */
const registering = (sql: string): HandmadeLayer => ({
  ...BASE,
  then: `${sql};
    UPDATE gpkg_contents SET table_name = 'v', identifier = 'v';
    UPDATE gpkg_geometry_columns SET table_name = 'v';`,
});
/** A view that makes 50,000 poles of one row by a recursive query. */
const RECURSIVE_VIEW = registering(`CREATE VIEW v AS
  WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 50000)
  SELECT b.fid + x AS fid, b.geom, b.tag || '-' || x AS tag FROM n, base b`);
/** A view whose first row needs three million rows sorted. */
const SLOW_VIEW = registering(`CREATE VIEW v AS
  WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000000)
  SELECT b.fid + x AS fid, b.geom, b.tag || '-' || x AS tag FROM n, base b ORDER BY x DESC LIMIT 5`);
const notATable = (name: string, kind: string) => ({
  status: 400,
  code: "import_gpkg_not_a_table",
  message: new RegExp(`"${name}" is a ${kind}, not a table`),
});

const memberValues = OBJECT_MEMBER_NAMES.map((_, i) => `v${i}`);

type Case = [name: string, layer: HandmadeLayer, outcome: HostileCase[3]];
const CASES: Case[] = [
  [
    "columns named like Object's own members",
    { columns: ["tag", ...OBJECT_MEMBER_NAMES], rows: [[16.37, 48.2, "M-1", ...memberValues]] },
    {
      stored: {
        tag: "M-1",
        attributes: Object.fromEntries(OBJECT_MEMBER_NAMES.map((n, i) => [n, memberValues[i]!])),
      },
    },
  ],
  [
    "a column named __proto__",
    { columns: ["tag", "__proto__"], rows: [[16.37, 48.2, "M-2", "x"]] },
    { rejected: /column __proto__ cannot be kept as an attribute/ },
  ],
  ["a layer that is a recursive view", RECURSIVE_VIEW, notATable("v", "view")],
  [
    "a layer that is a view of a function the reader lacks",
    registering(`CREATE VIEW v AS SELECT fid, geom, no_such_function(tag) AS tag FROM base`),
    notATable("v", "view"),
  ],
  [
    "a layer that is a view of the server's own files",
    registering(
      `CREATE VIEW v AS SELECT fid, geom, (SELECT file FROM pragma_database_list) AS tag FROM base`,
    ),
    notATable("v", "view"),
  ],
  [
    "a layer that is a view of zeroblobs",
    registering(`CREATE VIEW v AS SELECT fid, geom, zeroblob(100000000) AS tag FROM base`),
    notATable("v", "view"),
  ],
  [
    "a layer that is a virtual table",
    // Written into the schema as it stands: this SQLite has no R-tree module to create one with.
    registering(`PRAGMA writable_schema = ON;
      INSERT INTO sqlite_master VALUES ('table', 'v', 'v', 0, 'CREATE VIRTUAL TABLE v USING rtree(id, minx, maxx)');
      PRAGMA writable_schema = OFF`),
    notATable("v", "virtual table"),
  ],
  [
    "gpkg_contents as a view",
    {
      ...BASE,
      then: "ALTER TABLE gpkg_contents RENAME TO c2; CREATE VIEW gpkg_contents AS SELECT * FROM c2",
    },
    notATable("gpkg_contents", "view"),
  ],
  [
    "gpkg_spatial_ref_sys as a view",
    {
      ...BASE,
      then: "ALTER TABLE gpkg_spatial_ref_sys RENAME TO s2; CREATE VIEW gpkg_spatial_ref_sys AS SELECT * FROM s2",
    },
    notATable("gpkg_spatial_ref_sys", "view"),
  ],
  [
    "a generated column",
    { ...BASE, then: "ALTER TABLE base ADD COLUMN big GENERATED ALWAYS AS (zeroblob(100000000)) VIRTUAL" },
    { status: 400, code: "import_gpkg_not_a_table", message: /"base" has a generated column \(big\)/ },
  ],
  [
    "a coordinate system of 1 MB",
    { ...BASE, definition: `GEOGCS["WGS 84"${" ".repeat(1 << 20)}]` },
    { status: 400, code: "import_bad_prj", message: /longer than 64 KB/ },
  ],
  [
    "triggers, which never run on a read",
    { ...BASE, then: "CREATE TRIGGER t AFTER INSERT ON base BEGIN DELETE FROM base; END" },
    { created: 1 },
  ],
];

describe("hostile GeoPackages", () => {
  it.each(CASES)("%s", async (name, layer, outcome) => {
    await expectHostileOutcome(t, owner, [name, await handmadeGeopackage(layer), "poles.gpkg", outcome]);
  });

  it("imports nothing of a view, and keeps answering /api/health meanwhile", async () => {
    const file = await handmadeGeopackage(SLOW_VIEW);
    const { result, slowestMs } = await healthDuring(t, importGeopackage(t, other, file));
    // A stalled event loop waits tens of seconds; the bound leaves room for two busy cores.
    expect(slowestMs).toBeLessThan(5000);
    expect(result.statusCode).toBe(400);
    expect(await polesOf(t, other.id)).toEqual([]);
  });
});
