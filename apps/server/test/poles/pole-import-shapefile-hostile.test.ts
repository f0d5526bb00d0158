/**
 * Hostile zipped Shapefiles (the zip, its .shp, .dbf, .prj and .cpg): each gets a 4xx saying what
 * is wrong, never a 500. A .prj whose unit is 0, negative or not a number is refused: proj4 would
 * read it as metres or degrees and put every pole somewhere else.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { expectHostileOutcome, type HostileCase } from "./import-support";
import { dbfOf, shapefileOf, zipOf, zipShapefile } from "./shapefile-support";

const t = useTestApp();
const owner = useSignedInUser(t);

let parts = new Map<string, Buffer>();
let geographic = new Map<string, Buffer>();
beforeAll(async () => {
  const points = [
    { tag: "S-1", lon: 14.4378, lat: 50.0755 },
    { tag: "S-2", lon: 16.6068, lat: 49.1951 },
  ];
  parts = await shapefileOf(points, 32633);
  geographic = await shapefileOf(points, 4326);
});

/** A part's new bytes, or a function that makes them once the Shapefile is made. */
type Lazy = Buffer | string | null | (() => string | Buffer);

/** The Shapefile zipped with one part replaced (or removed, with null). */
const withPart =
  (ext: string, bytes: Lazy, from = () => parts) =>
  () => {
    const changed = new Map(from());
    const made = typeof bytes === "function" ? bytes() : bytes;
    if (made === null) changed.delete(ext);
    else changed.set(ext, Buffer.from(made));
    return zipShapefile(changed);
  };
const prj = () => parts.get(".prj")!.toString();
const badPrj = /\.prj could not be read/;

type Case = [name: string, zip: () => Buffer, outcome: HostileCase[3]];
const CASES: Case[] = [
  ["an empty zip", () => zipOf([]), { status: 400, message: /not a CSV, a GeoJSON or a zipped Shapefile/ }],
  [
    "a zip cut in half",
    () => zipShapefile(parts).subarray(0, 200),
    { status: 400, message: /zip file could not be read/ },
  ],
  [
    "garbage after a zip's signature",
    () => Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), randomBytes(4096)]),
    { status: 400, message: /zip file could not be read/ },
  ],
  ["no .prj", withPart(".prj", null), { status: 400, code: "import_bad_prj", message: /no \.prj/ }],
  [
    "a .prj with a metre of 0",
    withPart(".prj", () => prj().replace('UNIT["Meter",1.0]', 'UNIT["Meter",0]')),
    {
      status: 400,
      code: "import_bad_prj",
      message: /its unit "Meter" is 0/,
    },
  ],
  [
    "a .prj with a degree of 0",
    withPart(".prj", () => prj().replace(/UNIT\["Degree",[0-9.]+\]/, 'UNIT["Degree",0.0]')),
    { status: 400, code: "import_bad_prj", message: /its unit "Degree" is 0.0/ },
  ],
  [
    "a geographic .prj with a degree of 0",
    withPart(
      ".prj",
      () =>
        geographic
          .get(".prj")!
          .toString()
          .replace(/UNIT\["Degree",[0-9.]+\]/, 'UNIT["Degree",0]'),
      () => geographic,
    ),
    { status: 400, code: "import_bad_prj", message: /is 0\)/ },
  ],
  [
    "a negative unit",
    withPart(".prj", () => prj().replace('UNIT["Meter",1.0]', 'UNIT["Meter",-1]')),
    { status: 400, message: /is -1/ },
  ],
  [
    "a unit of NaN",
    withPart(".prj", () => prj().replace('UNIT["Meter",1.0]', 'UNIT["Meter",NaN]')),
    { status: 400, message: /is NaN/ },
  ],
  [
    "a hex unit",
    withPart(".prj", () => prj().replace('UNIT["Meter",1.0]', 'UNIT["Meter",0x1]')),
    { status: 400, message: badPrj },
  ],
  ["binary garbage as .prj", withPart(".prj", randomBytes(512)), { status: 400, message: /it is not WKT/ }],
  ["an empty .prj", withPart(".prj", ""), { status: 400, message: /it is not WKT/ }],
  [
    "a .prj over 64 KB",
    withPart(".prj", () => `${prj()}${" ".repeat(70_000)}`),
    { status: 400, message: /longer than 64 KB/ },
  ],
  [
    "a .prj nested deeply",
    withPart(".prj", () => `PROJCS[${"[".repeat(100_000)}`),
    { status: 400, message: badPrj },
  ],
  ["a .prj with a byte-order mark", withPart(".prj", () => `\uFEFF${prj()}`), { created: 2 }],
  [
    "a .shp cut inside its first record",
    withPart(".shp", () => parts.get(".shp")!.subarray(0, 110)),
    { status: 400, code: "import_unreadable", message: /damaged or cut short/ },
  ],
  [
    "a .shp cut after its first record",
    withPart(".shp", () => parts.get(".shp")!.subarray(0, 130)),
    { rejected: /damaged or cut short from this record on/ },
  ],
  ["binary garbage as .shp", withPart(".shp", randomBytes(1024)), { status: 400, message: /Shapefile/ }],
  ["an empty .shp", withPart(".shp", ""), { status: 400, message: /Shapefile/ }],
  [
    "a .dbf cut short",
    withPart(".dbf", () => parts.get(".dbf")!.subarray(0, 40)),
    { status: 400, message: /Shapefile/ },
  ],
  ["binary garbage as .dbf", withPart(".dbf", randomBytes(1024)), { status: 400, message: /Shapefile/ }],
  [
    "an unknown encoding in .cpg",
    withPart(".cpg", "x-klingon"),
    {
      status: 400,
      code: "import_bad_cpg",
      message: /\.cpg names an encoding that is not known \(x-klingon\)/,
    },
  ],
  [
    "fields named like Object's own members",
    withPart(".dbf", () =>
      dbfOf(
        ["tag", "toString", "valueOf"],
        [
          ["O-1", "a", "b"],
          ["O-2", "c", "d"],
        ],
      ),
    ),
    { stored: { tag: "O-1", attributes: { toString: "a", valueOf: "b" } } },
  ],
  [
    "a field named __proto__",
    withPart(".dbf", () =>
      dbfOf(
        ["tag", "__proto__"],
        [
          ["O-3", "a"],
          ["O-4", "b"],
        ],
      ),
    ),
    { status: 400, code: "import_reserved_name", message: /field named __proto__, which cannot be read/ },
  ],
  [
    "parts in folders, with a path that climbs",
    () => zipOf([...parts].map(([ext, bytes]) => ({ name: `../../up/poles${ext}`, bytes }))),
    { status: 400, code: "import_unreadable", message: /zip file could not be read/ },
  ],
  [
    "parts in a folder",
    () => zipOf([...parts].map(([ext, bytes]) => ({ name: `export/poles${ext}`, bytes }))),
    { created: 2 },
  ],
];

describe("hostile zipped Shapefiles", () => {
  it.each(CASES)("%s", async (name, zip, outcome) => {
    await expectHostileOutcome(t, owner, [name, zip(), "poles.zip", outcome]);
  });
});
