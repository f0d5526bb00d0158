/**
 * GDAL reads the OGC layer as a GIS client does (its OAPIF driver, which QGIS uses too): the
 * right feature count and fields with the key in a header or as a Basic password (poles and
 * findings), and ogr2ogr with -spat writes exactly the poles in that box.
 */
import { execFile } from "node:child_process";
import { sql } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey } from "../api-keys/support";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { poleGrid } from "./support";

const run = promisify(execFile);
const t = useTestApp();
const owner = useSignedInUser(t);
const stranger = useSignedInUser(t);
let base = "";
let dir = "";
let key = "";

beforeAll(async () => {
  await poleGrid(t, owner.id, 15, -122.5, 37.7, "SF");
  await poleGrid(t, stranger.id, 6, -122.5, 37.7, "X");
  // A finding on every third pole of each workspace's grid.
  await t.db.database.db.execute(sql`
    INSERT INTO utility_pole_findings (workspace_id, pole_id, code, level, observed_on, due_on, created_by)
    SELECT workspace_id, id, 'lean', 2, '2026-01-10', '2026-04-10', workspace_id
      FROM utility_poles WHERE split_part(tag, '-', 2)::int % 3 = 0`);
  key = (await createKey(t, owner, "read", "gdal")).key;
  base = await t.app.listen({ host: "127.0.0.1", port: 0 });
  dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-ogc-"));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const gdal = (program: string, args: string[], config: Record<string, string>) =>
  run(program, [...Object.entries(config).flatMap(([k, v]) => ["--config", k, v]), ...args], {
    timeout: 120_000,
  });

describe("GDAL as the client", () => {
  it("ogrinfo lists the key's poles with their fields (header key)", async () => {
    const { stdout } = await gdal("ogrinfo", ["-ro", "-al", "-so", `OAPIF:${base}/ogc`, "poles"], {
      GDAL_HTTP_HEADERS: `X-API-Key: ${key}`,
    });
    expect(stdout).toMatch(/Feature Count: 225\b/);
    for (const field of ["tag", "material", "height_m", "installed_year", "condition", "photo_count"]) {
      expect(stdout).toMatch(new RegExp(`^${field}: `, "m"));
    }
  });

  it("ogrinfo lists the key's findings with their fields", async () => {
    const { stdout } = await gdal("ogrinfo", ["-ro", "-al", "-so", `OAPIF:${base}/ogc`, "findings"], {
      GDAL_HTTP_HEADERS: `X-API-Key: ${key}`,
    });
    expect(stdout).toMatch(/Feature Count: 75\b/);
    for (const field of ["pole_tag", "code", "level", "status", "observed_on", "due_on", "overdue"]) {
      expect(stdout).toMatch(new RegExp(`^${field}: `, "m"));
    }
  });

  it("ogr2ogr -spat writes exactly the poles in the box (Basic, key as password)", async () => {
    const out = path.join(dir, "box.gpkg");
    // Columns 3…7 and rows 2…5: 5 × 4 poles (0.001° apart; edges half-way between poles).
    await gdal(
      "ogr2ogr",
      [
        "-f",
        "GPKG",
        out,
        `OAPIF:${base}/ogc`,
        "poles",
        "-spat",
        "-122.4975",
        "37.7015",
        "-122.4925",
        "37.7055",
      ],
      { GDAL_HTTP_AUTH: "BASIC", GDAL_HTTP_USERPWD: `qgis:${key}` },
    );
    const { stdout } = await run("ogrinfo", ["-ro", "-al", out]);
    expect(stdout).toMatch(/Feature Count: 20\b/);
    const tags = [...stdout.matchAll(/^\s+tag \(String\) = (\S+)/gm)].map((m) => m[1]);
    expect(tags).toHaveLength(20);
    expect(tags.every((tag) => tag?.startsWith("SF-"))).toBe(true);
  });

  it("gets nothing without a key", async () => {
    await expect(gdal("ogrinfo", ["-ro", "-so", `OAPIF:${base}/ogc`, "poles"], {})).rejects.toThrow();
  });
});
