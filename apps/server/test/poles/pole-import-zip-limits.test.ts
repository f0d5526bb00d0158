/**
 * A zipped Shapefile unpacks within limits: its parts at most POLE_IMPORT_UNZIPPED_MAX_MB (1 MB
 * here) and at most POLE_IMPORT_ZIP_MAX_RATIO times the zip. Past either it is a 413 naming the
 * limit, and the upload temp folder is left empty, whether the import ends in success, an error
 * or a client that went away.
 */
import { randomBytes } from "node:crypto";
import { poleImportTexts } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { importFile, imported, polesOf } from "./import-support";
import { sendImport, tempLeftovers, useListeningPort } from "./import-watch";
import { shapefileOf, zipOf, zipShapefile } from "./shapefile-support";

const t = useTestApp({ POLE_IMPORT_UNZIPPED_MAX_MB: "1", POLE_IMPORT_ZIP_MAX_RATIO: "100" });
const owner = useSignedInUser(t);

const leftovers = () => tempLeftovers(t);

/** A zip of a run of zeros posing as a Shapefile: 8 MB that deflate to ~8 KB. */
const zerosZip = () =>
  zipOf(
    [
      { name: "poles.shp", bytes: Buffer.alloc(8 * 1024 * 1024) },
      { name: "poles.dbf", bytes: Buffer.alloc(16) },
    ],
    { deflate: true },
  );

describe("unpacking a zipped Shapefile", () => {
  it("refuses a zip that unpacks to more than 100 times its size with 413, unpacking nothing more", async () => {
    const zip = zerosZip();
    expect(zip.length).toBeLessThan(64 * 1024);
    const res = await importFile(t, owner, zip, "bomb.zip");
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({
      code: "zip_too_large",
      message: poleImportTexts.zipRatioTooHigh(100),
    });
    expect(await leftovers()).toEqual([]);
  });

  it("refuses parts larger than POLE_IMPORT_UNZIPPED_MAX_MB together with 413 naming it", async () => {
    // Random bytes do not compress: only the size limit can stop these.
    const zip = zipOf([
      { name: "poles.shp", bytes: randomBytes(700 * 1024) },
      { name: "poles.dbf", bytes: randomBytes(700 * 1024) },
    ]);
    const res = await importFile(t, owner, zip, "big.zip");
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: "zip_too_large", message: poleImportTexts.unzippedTooLarge(1) });
    expect(res.json<{ message: string }>().message).toMatch(/1 MB/);
    expect(await leftovers()).toEqual([]);
  });

  it("refuses a part whose header understates it once the counted bytes pass the limit", async () => {
    const zip = zipOf([{ name: "poles.shp", bytes: randomBytes(1200 * 1024) }]);
    // The local and central headers both say 1 KB unpacked.
    const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(1024, 22);
    zip.writeUInt32LE(1024, central + 24);
    const res = await importFile(t, owner, zip, "liar.zip");
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await leftovers()).toEqual([]);
  });

  it("still imports a deflated Shapefile, and leaves nothing behind", async () => {
    const parts = await shapefileOf([{ tag: "Z-1", lon: 14.4378, lat: 50.0755, material: "wood" }], 32633);
    const result = await imported(t, owner, zipShapefile(parts, { deflate: true }), "poles.zip");
    expect(result).toMatchObject({ created: 1, rejected: [] });
    expect((await polesOf(t, owner.id)).map((p) => p.tag)).toEqual(["Z-1"]);
    expect(await leftovers()).toEqual([]);
  });
});

describe("a client that goes away while its zip is unpacked", () => {
  const port = useListeningPort(t);

  it("leaves nothing in the temp folder", async () => {
    const { req } = sendImport(port(), owner, zerosZip(), {
      filename: "bomb.zip",
      contentType: "application/zip",
    });
    // The whole body, then the connection goes at once.
    await new Promise((resolve) => req.once("finish", resolve));
    req.destroy();
    const deadline = Date.now() + 5000;
    while ((await leftovers()).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await leftovers()).toEqual([]);
  });
});
