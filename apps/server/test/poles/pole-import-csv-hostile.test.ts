/**
 * Hostile CSV registers: each gets a 4xx saying what is wrong (or, for a bad row, a 200 rejecting
 * that row and why), never a 500. Numbers are read as registers write them: hex, binary, octal,
 * digit groups and other scripts' digits are refused, a coordinate closer to 0 than 1e-9° is 0.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import {
  expectHostileOutcome,
  imported,
  OBJECT_MEMBER_NAMES,
  polesOf,
  type HostileCase,
} from "./import-support";

const t = useTestApp();
const owner = useSignedInUser(t);

const HEADER = "tag,lat,lon,height_m,note";
const csv = (...rows: string[]) => [HEADER, ...rows].join("\n");
const row = (lat: string, lon = "16.37", height = "") => csv(`C-1,${lat},${lon},${height},x`);
/** Random bytes with a NUL in the first 64, as any binary file has. */
const garbage = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]), randomBytes(4096)]);
const padding = "x".repeat(80);
const members = OBJECT_MEMBER_NAMES;
/** A row with these attribute columns and values (the record's limits apply to them). */
const withAttributes = (names: string[], values: string[]) =>
  `tag,lat,lon,${names.join(",")}\nL-1,48.2,16.37,${values.join(",")}`;
const sixty = Array.from({ length: 60 }, (_, i) => `a${i}`);
const memberValues = Object.fromEntries(members.map((n, i) => [n, `v${i}`]));

const CASES: HostileCase[] = [
  ["an empty file", "", "p.csv", { status: 400, code: "import_no_coordinates", message: /no latitude/ }],
  ["no coordinate columns", "tag,note\nA,b", "p.csv", { status: 400, message: /no latitude/ }],
  ["a header and no rows", HEADER, "p.csv", { created: 0 }],
  [
    "binary garbage",
    garbage(),
    "p.csv",
    { status: 400, code: "import_unknown_format", message: /not a CSV/ },
  ],
  ["a picture named .csv", garbage(), "poles.csv", { status: 400, message: /not a CSV/ }],
  ["a Shapefile part sent alone", "lat,lon\n1,2", "poles.shp", { status: 400, message: /not a CSV/ }],
  ["a quote never closed", csv('C-1,48.2,16.37,,"open'), "p.csv", { rejected: /never closed/ }],
  ["text after a closing quote", csv('C-1,48.2,16.37,,"a"b'), "p.csv", { rejected: /after a closing quote/ }],
  [
    "a row over 1 MB",
    csv(`C-1,48.2,16.37,,${"x".repeat(1100000)}`),
    "p.csv",
    { rejected: /longer than 1 MB/ },
  ],
  [
    "a header over 1 MB",
    `lat,lon,"${"x".repeat(1100000)}`,
    "p.csv",
    { status: 400, message: /longer than 1 MB/ },
  ],
  ["a byte-order mark", `\uFEFF${row("48.2")}`, "p.csv", { created: 1 }],
  ["NaN", row("NaN"), "p.csv", { rejected: /latitude NaN is not a number/ }],
  ["Infinity", row("48.2", "Infinity"), "p.csv", { rejected: /longitude Infinity is not a number/ }],
  ["past a double", row("1e999"), "p.csv", { rejected: /not a number/ }],
  ["hex", row("0x10"), "p.csv", { rejected: /latitude 0x10 is not a number/ }],
  ["hex height", row("48.2", "16.37", "0x10"), "p.csv", { rejected: /height_m 0x10 is not a number/ }],
  ["binary", row("0b11"), "p.csv", { rejected: /not a number/ }],
  ["octal", row("0o7"), "p.csv", { rejected: /not a number/ }],
  ["digit groups", row("1_0"), "p.csv", { rejected: /not a number/ }],
  ["Arabic-Indic digits", row("٤٨"), "p.csv", { rejected: /not a number/ }],
  ["a decimal comma in quotes", row('"48,2"'), "p.csv", { rejected: /not a number/ }],
  ["a sign and a point alone", row("+."), "p.csv", { rejected: /not a number/ }],
  ["a wrong number of cells", csv("C-1,48.2"), "p.csv", { rejected: /2 columns where the header has 5/ }],
  [
    "a column named twice",
    "tag,lat,lon,tag\nA,48.2,16.37,B",
    "p.csv",
    { status: 400, code: "import_duplicate_column", message: /two columns named tag/ },
  ],
  [
    "a column named twice in another case",
    "lat,lon,Note,note\n48.2,16.37,a,b",
    "p.csv",
    { status: 400, code: "import_duplicate_column", message: /two columns named note/i },
  ],
  [
    "columns named like Object's own members",
    `tag,lat,lon,${members.join(",")}\nM-1,48.2,16.37,${Object.values(memberValues).join(",")}`,
    "p.csv",
    { stored: { tag: "M-1", attributes: memberValues } },
  ],
  [
    "a column named __proto__",
    "tag,lat,lon,__proto__\nM-2,48.2,16.37,x",
    "p.csv",
    { rejected: /column __proto__ cannot be kept as an attribute/ },
  ],
  [
    "60 attribute columns",
    withAttributes(sixty, sixty),
    "p.csv",
    { rejected: /it has 51 attributes, more than the 50 a pole keeps/ },
  ],
  [
    "a column name of 100 characters",
    withAttributes(["n".repeat(100)], ["x"]),
    "p.csv",
    { rejected: /is longer than the 64 characters an attribute's name may have/ },
  ],
  [
    "a value of 300 characters",
    withAttributes(["note"], ["v".repeat(300)]),
    "p.csv",
    { rejected: /note is longer than the 256 characters an attribute may hold/ },
  ],
  [
    "a column without a name",
    withAttributes(["note", ""], ["a", "b"]),
    "p.csv",
    { rejected: /a column without a name has a value/ },
  ],
  [
    "an owner column beside one named Owner",
    withAttributes(["pole_owner", "Owner"], ["a", "b"]),
    "p.csv",
    { rejected: /the columns owner and Owner differ only in case/ },
  ],
  [
    "a column without a name, empty",
    "tag,lat,lon,note,\nL-2,48.2,16.37,a,",
    "p.csv",
    { stored: { tag: "L-2", attributes: { note: "a" } } },
  ],
  ["a NUL in a cell", csv(`C-1,48.2,16.37,,${padding}\0x`), "p.csv", { created: 1 }],
  // The long name only moves the NUL past the first 64 bytes; its cell is empty, as a name that
  // long holds no attribute.
  ["a NUL in a column's name", `lat,lon,${padding},n\0te\n48.2,16.37,,b`, "p.csv", { created: 1 }],
];

describe("hostile CSV registers", () => {
  it.each(CASES)("%s", async (...c) => {
    await expectHostileOutcome(t, owner, c);
  });

  it("maps columns named like Object's own members as the mapping says", async () => {
    // A computed key: `__proto__:` in an object literal would set its prototype instead.
    const mapping = JSON.stringify({ constructor: "ignore", toString: "owner", ["__proto__"]: "label" });
    const result = await imported(
      t,
      owner,
      "tag,lat,lon,constructor,toString,__proto__,valueOf\nM-3,48.2,16.37,a,Enedis,Corner,d",
      "p.csv",
      false,
      { mapping },
    );
    expect(result).toMatchObject({ created: 1, rejected: [] });
    expect(Object.entries(result.mapping)).toEqual(
      expect.arrayContaining([
        ["constructor", "ignore"],
        ["toString", "owner"],
        ["valueOf", "attribute"],
      ]),
    );
    const pole = (await polesOf(t, owner.id)).find((p) => p.tag === "M-3")!;
    expect(pole).toMatchObject({ label: "Corner", attributes: { owner: "Enedis", valueOf: "d" } });
  });

  it("reads plain decimals in every form, and a tiny coordinate as 0", async () => {
    const result = await imported(
      t,
      owner,
      csv("D-1, +48.2 ,16.37,,a", "D-2,.5,5.,1E1,b", "D-3,1e-320,-0,,c", "D-4,-1e-10,4.8e1,,d"),
    );
    expect(result).toMatchObject({ created: 4, rejected: [] });
    const poles = (await polesOf(t, owner.id)).filter((p) => p.tag?.startsWith("D-"));
    expect(poles.map((p) => [p.tag, p.latitude, p.longitude, p.height_m])).toEqual([
      ["D-1", 48.2, 16.37, null],
      ["D-2", 0.5, 5, 10],
      ["D-3", 0, 0, null],
      ["D-4", 0, 48, null],
    ]);
  });
});
