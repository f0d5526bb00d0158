/**
 * The tags an import has read, kept as fingerprints: every distinct tag of a million-pole register
 * goes in once, a tag seen before is told apart from a new one, and the table stays a few bytes a
 * tag (a Set of the tag strings cost the server ~100 MB at a million rows).
 */
import { describe, expect, it } from "vitest";
import { TagSet } from "../../src/modules/poles/import/tag-set";

describe("the tags an import has read", () => {
  it("tells a million distinct tags apart and knows each one again", () => {
    const seen = new TagSet();
    let fresh = 0;
    for (let i = 1; i <= 1_000_000; i++) if (seen.add(`p-${i}`)) fresh += 1;
    expect(fresh).toBe(1_000_000);
    expect(seen.size).toBe(1_000_000);
    let again = 0;
    for (let i = 1; i <= 1_000_000; i += 997) if (!seen.add(`p-${i}`)) again += 1;
    expect(again).toBe(Math.ceil(1_000_000 / 997));
    expect(seen.add("p-1000001")).toBe(true);
  });

  it("tells tags apart that differ in one character, or only in length", () => {
    const seen = new TagSet();
    const tags = ["", "a", "aa", "ab", "ba", "a\u0000", "pole 7", "pole 7 ", "é", "e\u0301"];
    expect(tags.map((tag) => seen.add(tag))).toEqual(tags.map(() => true));
    expect(tags.map((tag) => seen.add(tag))).toEqual(tags.map(() => false));
  });

  it("holds a million tags in under 32 MB", () => {
    const seen = new TagSet();
    for (let i = 1; i <= 1_000_000; i++) seen.add(`p-${i}`);
    expect(seen.bytes).toBeLessThan(32 * 2 ** 20);
  });
});
