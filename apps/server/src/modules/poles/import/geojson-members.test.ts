import { describe, expect, it } from "vitest";
import { GeoJsonError, GeoJsonMembers, MAX_GEOJSON_DEPTH, type GeoJsonPart } from "./geojson-members";

/** The parts of `text` fed in pieces of `step` bytes, as text. */
function read(text: string | Buffer, step = Infinity) {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const members = new GeoJsonMembers();
  const parts: GeoJsonPart[] = [];
  for (let i = 0; i < bytes.length; i += Math.min(step, bytes.length))
    parts.push(...members.feed(bytes.subarray(i, i + Math.min(step, bytes.length))));
  parts.push(...members.end());
  return {
    arrays: members.featureArrays,
    parts: parts.map((p) =>
      "feature" in p ? { feature: p.feature.toString() } : { member: p.member, value: p.value.toString() },
    ),
  };
}

const refused = (text: string | Buffer) => {
  try {
    read(text);
  } catch (err) {
    expect(err).toBeInstanceOf(GeoJsonError);
    return (err as GeoJsonError).message;
  }
  throw new Error("not refused");
};

describe("a GeoJSON document's members and features", () => {
  const doc = `\uFEFF { "type" : "FeatureCollection", "name": "a \\"}]\\\\", "features" : [
    {"type":"Feature","geometry":{"type":"Point","coordinates":[1.5,-2e-3]},"properties":{"tag":"A ]}\\""}},
    {"type":"Feature","geometry":null,"properties":{}} , 17, "x", null
  ], "crs": {"type": "name"} }  `;
  const expected = [
    { member: "type", value: '"FeatureCollection"' },
    { member: "name", value: '"a \\"}]\\\\"' },
    {
      feature:
        '{"type":"Feature","geometry":{"type":"Point","coordinates":[1.5,-2e-3]},"properties":{"tag":"A ]}\\""}}',
    },
    { feature: '{"type":"Feature","geometry":null,"properties":{}}' },
    { feature: "17" },
    { feature: '"x"' },
    { feature: "null" },
    { member: "crs", value: '{"type": "name"}' },
  ];

  it.each([1, 2, 7, 64, Infinity])("finds the same parts fed %s bytes at a time", (step) => {
    expect(read(doc, step)).toEqual({ arrays: 1, parts: expected });
  });

  it("reads an empty collection and an empty object", () => {
    expect(read('{"type":"FeatureCollection","features":[]}').arrays).toBe(1);
    expect(read("{}")).toEqual({ arrays: 0, parts: [] });
  });

  it("refuses nesting deeper than the limit", () => {
    const deep = (levels: number) =>
      `{"features":[{"properties":{"a":${"[".repeat(levels)}${"]".repeat(levels)}}}]}`;
    expect(() => read(deep(MAX_GEOJSON_DEPTH - 4))).not.toThrow();
    expect(refused(deep(MAX_GEOJSON_DEPTH - 3))).toMatch(/nested more than 32 levels/);
    expect(refused(deep(200_000))).toMatch(/nested more than 32 levels/);
  });

  it.each([
    ["", /ends before/],
    ['{"type":"FeatureCollection","features":[{"a":1}', /ends before/],
    ['{"features":[{"a":1},]}', /not valid JSON at byte 21/],
    ['{"features":[1 2]}', /not valid JSON at byte 15/],
    ["[]", /not valid JSON at byte 0/],
    ['{"a":1} x', /not valid JSON at byte 8/],
    ['{"a" 1}', /not valid JSON at byte 5/],
    ["{a:1}", /not valid JSON at byte 1/],
    ['{"a":}', /not valid JSON at byte 5/],
    ['{"features":[{"s":"never closed}]}', /ends before/],
  ])("refuses %j", (text, message) => {
    expect(refused(text)).toMatch(message);
  });

  it("refuses a member over 1 MB, even before it ends", () => {
    const big = `{"features":[{"p":"${"x".repeat(1 << 20)}"}]}`;
    expect(refused(big)).toMatch(/larger than 1 MB/);
    const members = new GeoJsonMembers();
    expect(() => members.feed(Buffer.from(big.slice(0, (1 << 20) + 100)))).toThrow(/larger than 1 MB/);
  });
});
