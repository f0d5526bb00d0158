import { describe, expect, it } from "vitest";
import { timeOrderedIds } from "./time-ordered-ids";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const increasing = (ids: string[]) => ids.every((id, i) => i === 0 || id > ids[i - 1]!);
/** The id's millisecond, from its first 48 bits. */
const stampOf = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe("timeOrderedIds", () => {
  it("makes version 7 ids stamped with the clock's millisecond", () => {
    const at = Date.UTC(2031, 0, 2, 3, 4, 5, 678);
    const ids = timeOrderedIds(3, () => at);
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(stampOf(ids[0]!)).toBe(at);
  });

  it("counts up within one millisecond and borrows the next when 4,096 are spent", () => {
    const at = Date.UTC(2032, 5, 6);
    const ids = timeOrderedIds(10_000, () => at);
    expect(new Set(ids).size).toBe(ids.length);
    expect(increasing(ids)).toBe(true);
    expect(stampOf(ids[0]!)).toBe(at);
    expect(stampOf(ids.at(-1)!)).toBe(at + 2);
  });

  it("never goes back, even when the clock does", () => {
    const first = timeOrderedIds(5, () => Date.UTC(2033, 0, 1));
    const after = timeOrderedIds(5, () => Date.UTC(2030, 0, 1));
    expect(increasing([...first, ...after])).toBe(true);
  });
});
