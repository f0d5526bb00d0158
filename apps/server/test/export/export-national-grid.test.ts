/**
 * An export in a national grid whose datum shift is a grid file the server does not ship (the
 * British National Grid, OSTN15): GDAL reads the file back within 0.5 m of the stored poles, and
 * a GeoPackage in that grid imports into an empty workspace as the same places.
 */
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { importGeopackage } from "../poles/geopackage-support";
import { imported, polesOf } from "../poles/import-support";
import { metres } from "../poles/crs-support";
import { createTeam, setActive } from "../workspaces/support";
import { gdalWgs84, ogrSummary } from "./gdal-support";
import { exportFile } from "./photos";

const t = useTestApp();
const owner = useSignedInUser(t);

const LONDON = "tag,lat,lon\nGB-1,51.5072,-0.1276\nGB-2,51.752,-1.2577\nGB-3,52.2053,0.1218\n";

describe("an export in the British National Grid", () => {
  it("is placed by GDAL where the poles are, and imports back to the same places", async () => {
    expect(await imported(t, owner, LONDON)).toMatchObject({ created: 3, rejected: [] });
    const stored = await polesOf(t, owner.id);
    for (const format of ["gpkg", "shp", "csv"]) {
      const res = await exportFile(t, owner, `layer=poles&format=${format}&crs=EPSG:27700`);
      expect(res.statusCode, res.body).toBe(200);
      const name = `poles.${format === "shp" ? "zip" : format}`;
      const file =
        format === "csv"
          ? {
              bytes: res.rawPayload,
              name,
              open: ["X_POSSIBLE_NAMES=x", "Y_POSSIBLE_NAMES=y"],
              srs: "EPSG:27700",
            }
          : { bytes: res.rawPayload, name };
      if (format !== "csv") expect((await ogrSummary(file)).text).toMatch(/British National Grid/);
      const positions = await gdalWgs84(file, "tag");
      for (const p of stored)
        expect(metres(positions.get(p.tag!)!, [p.longitude, p.latitude]), `${format} ${p.tag}`).toBeLessThan(
          0.5,
        );
    }
    const gpkg = await exportFile(t, owner, "layer=poles&format=gpkg&crs=EPSG:27700");
    const team = await createTeam(t, owner);
    await setActive(t, owner, team);
    try {
      const back = await importGeopackage(t, owner, gpkg.rawPayload);
      expect(back.json()).toMatchObject({ created: 3, rejected: [] });
      const copy = new Map((await polesOf(t, team)).map((p) => [p.tag, p]));
      for (const p of stored) {
        const c = copy.get(p.tag)!;
        expect(metres([c.longitude, c.latitude], [p.longitude, p.latitude]), p.tag!).toBeLessThan(0.01);
      }
    } finally {
      await setActive(t, owner, null);
    }
  });
});
