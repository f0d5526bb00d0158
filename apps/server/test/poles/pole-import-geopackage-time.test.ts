/**
 * A GeoPackage's reading has a time limit, POLE_IMPORT_GPKG_MAX_SECONDS (0.1 s here, the least it
 * takes, against a layer of 200,000 rows that takes longer): past it the reading thread is ended
 * and the import answers 422 saying so, the dry run as the import, while /api/health answers
 * throughout. The import keeps the whole batches it wrote before, as any import cut short does.
 */
import { geopackageImportTexts } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { handmadeGeopackage, manyRows } from "./geopackage-support";
import { importFile, polesOf } from "./import-support";
import { healthDuring, tempLeftovers } from "./import-watch";

const ROWS = 200_000;
const BATCH_ROWS = 5000;
const t = useTestApp({ POLE_IMPORT_GPKG_MAX_SECONDS: "0.1", POLE_IMPORT_BATCH_ROWS: String(BATCH_ROWS) });
const owner = useSignedInUser(t);

let big: Buffer;
beforeAll(async () => {
  big = await handmadeGeopackage(manyRows(ROWS));
}, 60_000);

describe("the GeoPackage time limit", () => {
  it.each([true, false])("answers 422 past it, and /api/health meanwhile (dry run: %s)", async (dryRun) => {
    const { result: res, slowestMs } = await healthDuring(t, importFile(t, owner, big, "poles.gpkg", dryRun));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: "import_too_slow",
      message: geopackageImportTexts.tooSlow(0.1),
    });
    expect(res.json<{ message: string }>().message).toMatch(/longer than 0.1 s to read/);
    // A stalled event loop would wait seconds; the bound leaves room for two busy cores.
    expect(slowestMs).toBeLessThan(5000);
    const kept = (await polesOf(t, owner.id)).length;
    expect(kept).toBeLessThan(ROWS);
    expect(kept % BATCH_ROWS).toBe(0);
    expect(await tempLeftovers(t)).toEqual([]);
  });
});
