/** The region's pole list: names, tag order, hints, and type-ahead, from the marker columns. */
import { describe, expect, it } from "vitest";
import { poleMarkersOf } from "../../../test/records";
import { findByPrefix, poleList, type PoleList } from "./pole-list";

const rows = (list: PoleList) => Array.from({ length: list.size }, (_, i) => list.entry(i));
const poleListEntries = (...args: Parameters<typeof poleList>) => rows(poleList(...args));

describe("poleListEntries", () => {
  it("names each pole by its tag, else its label, else its place, in tag order with digits as numbers", () => {
    const entries = poleListEntries(
      poleMarkersOf([
        { id: "a", tag: "P-10" },
        { id: "b", tag: "", label: "corner", latitude: 52.5200081, longitude: 13.4049541 },
        { id: "c", tag: "", latitude: 52.5200081, longitude: 13.4049541 },
        { id: "d", tag: "p-2", label: "ignored: the tag wins" },
        { id: "e", tag: "P-9" },
      ]),
    );
    expect(entries.map((e) => [e.id, e.name])).toEqual([
      ["b", "corner"],
      ["d", "p-2"],
      ["e", "P-9"],
      ["a", "P-10"],
      // No name: last, in the columns' order.
      ["c", "Pole at 52.52001, 13.40495"],
    ]);
  });

  it("reads labels alone from an older server's answer without tags", () => {
    const entries = poleListEntries(
      poleMarkersOf([
        { id: "a", label: "Z-1" },
        { id: "b", label: "A-1" },
      ]),
    );
    expect(entries.map((e) => e.name)).toEqual(["A-1", "Z-1"]);
  });

  it("hints each pole's risk, an overdue finding and an inspection not current", () => {
    const entries = poleListEntries(
      poleMarkersOf([
        { id: "a", tag: "A", risk: "high", overdue: true, inspection: "overdue" },
        { id: "b", tag: "B", risk: "low", inspection: "current" },
        { id: "c", tag: "C", inspection: "never" },
      ]),
    );
    expect(entries.map((e) => e.hint)).toEqual([
      "High Risk · Overdue finding · Inspection overdue",
      "Low Risk",
      "Not rated · No inspection on record",
    ]);
  });

  it("orders 100k poles", () => {
    const list = poleList(
      poleMarkersOf(
        Array.from({ length: 100_000 }, (_, i) => ({ id: `p${i}`, tag: `LIV-${(i * 7919) % 100_000}` })),
      ),
    );
    expect([list.entry(0).name, list.entry(1).name, list.entry(99_999).name]).toEqual([
      "LIV-0",
      "LIV-1",
      "LIV-99999",
    ]);
  });
});

describe("findByPrefix", () => {
  const entries = poleList(
    poleMarkersOf([
      { id: "a", tag: "LIV-1" },
      { id: "b", tag: "LIV-2" },
      { id: "c", tag: "MAN-1" },
    ]),
  );

  it("finds the next name starting so, any case, wrapping round", () => {
    expect(findByPrefix(entries, "m", 0)).toBe(2);
    expect(findByPrefix(entries, "liv", 1)).toBe(1);
    expect(findByPrefix(entries, "liv", 2)).toBe(0);
    expect(findByPrefix(entries, "x", 0)).toBe(-1);
  });
});
