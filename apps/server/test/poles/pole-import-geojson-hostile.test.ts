/**
 * Hostile GeoJSON registers: each gets a 4xx saying what is wrong (or, for a bad feature, a 200
 * rejecting that row and why), never a 500; nothing of a refused file is imported. The GeoJSON
 * limit is 3 MB here (POLE_IMPORT_GEOJSON_MAX_MB) so that a file over it is quick to make.
 */
import { randomBytes } from "node:crypto";
import { poleImportTexts } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import {
  expectHostileOutcome,
  importFile,
  OBJECT_MEMBER_NAMES,
  polesOf,
  type HostileCase,
} from "./import-support";

const t = useTestApp({ POLE_IMPORT_GEOJSON_MAX_MB: "3" });
const owner = useSignedInUser(t);
const other = useSignedInUser(t);

const point = (lon: unknown, lat: unknown, properties: unknown = { tag: "G-1" }) =>
  `{"type":"Feature","geometry":{"type":"Point","coordinates":[${String(lon)},${String(lat)}]},"properties":${
    typeof properties === "string" ? properties : JSON.stringify(properties)
  }}`;
const collection = (...features: string[]) =>
  `{"type":"FeatureCollection","features":[${features.join(",")}]}`;
const GOOD = point(16.37, 48.2);
const members = Object.fromEntries(OBJECT_MEMBER_NAMES.map((n, i) => [n, `v${i}`]));
const deep = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
/** A collection of `bytes` or a little more: features of ~1 KB each. */
const sized = (bytes: number) => {
  const feature = point(16.37, 48.2, { note: "x".repeat(900) });
  return collection(...Array.from({ length: Math.ceil(bytes / feature.length) }, () => feature));
};

/** A point with these properties (as JSON text) is imported, its text cleaned where it must be. */
const stored = (name: string, properties: string): HostileCase => [
  name,
  collection(point(16.37, 48.2, properties)),
  "p.geojson",
  { created: 1 },
];

const CASES: HostileCase[] = [
  ["just an opening brace", "{", "p.geojson", { status: 400, message: /ends before/ }],
  [
    "truncated after good features",
    collection(GOOD, GOOD).slice(0, -3),
    "p.geojson",
    { status: 400, message: /ends before/ },
  ],
  ["a Feature, not a collection", GOOD, "p.geojson", { status: 400, message: /FeatureCollection/ }],
  [
    "features that are not a list",
    '{"type":"FeatureCollection","features":{"a":1}}',
    "p.geojson",
    { status: 400, message: /FeatureCollection/ },
  ],
  [
    "two lists of features",
    `{"type":"FeatureCollection","features":[${GOOD}],"features":[${GOOD}]}`,
    "p.geojson",
    { status: 400, message: /FeatureCollection/ },
  ],
  [
    "binary garbage after a brace",
    Buffer.concat([Buffer.from('{"type":'), randomBytes(4096).map((b) => (b === 0 ? 1 : b))]),
    "p.geojson",
    { status: 400, code: "import_unreadable", message: /could not be read/ },
  ],
  [
    "text after the document",
    `${collection(GOOD)} and more`,
    "p.geojson",
    { status: 400, message: /not valid JSON at byte/ },
  ],
  [
    "a feature nested 200,000 levels deep",
    collection(point(16.37, 48.2, `{"a":${deep(200_000)}}`)),
    "p.geojson",
    { status: 400, code: "import_too_deep", message: /nested more than 32 levels deep/ },
  ],
  [
    "a member nested 200,000 levels deep",
    `{"type":"FeatureCollection","crs":${deep(200_000)},"features":[${GOOD}]}`,
    "p.geojson",
    { status: 400, code: "import_too_deep", message: /nested more than 32 levels deep/ },
  ],
  [
    "a 2 MB line in one feature",
    collection(point(16.37, 48.2, { note: "x".repeat(2 << 20) })),
    "p.geojson",
    { status: 400, message: /larger than 1 MB/ },
  ],
  [
    "over the GeoJSON limit",
    sized(3 * 1048576 + 1),
    "p.geojson",
    { status: 413, code: "file_too_large", message: new RegExp(poleImportTexts.geojsonTooLarge(3)) },
  ],
  ["a byte-order mark", `\uFEFF${collection(GOOD)}`, "p.geojson", { created: 1 }],
  ["NaN as a coordinate", collection(point("NaN", 48.2)), "p.geojson", { rejected: /not valid JSON/ }],
  [
    "Infinity as a coordinate",
    collection(point(16.37, "Infinity")),
    "p.geojson",
    { rejected: /not valid JSON/ },
  ],
  ["a coordinate past a double", collection(point("1e400", 48.2)), "p.geojson", { rejected: /not a number/ }],
  ["a hex coordinate", collection(point('"0x10"', 48.2)), "p.geojson", { rejected: /0x10 is not a number/ }],
  [
    "a coordinate with digit groups",
    collection(point('"1_0"', 48.2)),
    "p.geojson",
    { rejected: /not a number/ },
  ],
  ["Arabic-Indic digits", collection(point('"١٦"', 48.2)), "p.geojson", { rejected: /not a number/ }],
  ["a number that is not a feature", collection("17"), "p.geojson", { rejected: /not a Feature/ }],
  [
    "properties that are text",
    collection(point(16.37, 48.2, '"tag"')),
    "p.geojson",
    { rejected: /not an object/ },
  ],
  [
    "a bad feature's own JSON",
    collection('{"type":"Feature",}'),
    "p.geojson",
    { rejected: /not valid JSON/ },
  ],
  [
    "a __proto__ property",
    collection(point(16.37, 48.2, '{"__proto__":{"x":1},"tag":"P"}')),
    "p.geojson",
    { rejected: /column __proto__ cannot be kept as an attribute/ },
  ],
  [
    "properties named like Object's own members",
    collection(point(16.37, 48.2, { tag: "M-1", ...members })),
    "p.geojson",
    { stored: { tag: "M-1", attributes: members } },
  ],
  stored("a NUL in a property's name", '{"n\\u0000te":"a"}'),
  stored("a lone surrogate in a value", '{"note":"a\\ud800"}'),
  stored("a lone surrogate in a name", '{"n\\udc00":"a"}'),
  stored("a duplicate property", '{"tag":"A","tag":"B"}'),
];

describe("hostile GeoJSON registers", () => {
  it.each(CASES)("%s", async (...c) => {
    await expectHostileOutcome(t, owner, c);
  });

  it("imports nothing of a file refused after good features", async () => {
    const res = await importFile(t, other, `${collection(GOOD)}]`, "p.geojson");
    expect(res.statusCode, res.body).toBe(400);
    expect(await polesOf(t, other.id)).toEqual([]);
  });

  it("reads a tiny coordinate as 0, as everywhere else", async () => {
    const res = await importFile(t, other, collection(point("1e-320", 48.2, { tag: "T-0" })), "p.geojson");
    expect(res.statusCode, res.body).toBe(200);
    expect((await polesOf(t, other.id)).map((p) => [p.tag, p.longitude])).toEqual([["T-0", 0]]);
  });
});
