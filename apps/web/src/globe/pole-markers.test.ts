import { describe, expect, it } from "vitest";
import { RISK_COLORS } from "@poleatlas/shared";
import { poleMarkersOf } from "../test/records";
import { inspectionLook, OVERDUE_RING, riskLook } from "./markers";
import { poleMarkers } from "./pole-markers";

describe("poleMarkers (the compact form → one marker per pole)", () => {
  it("places each pole at its position, named by its id, coloured by its risk code", () => {
    const markers = poleMarkers({
      ids: ["u", "l", "m", "h"],
      latitudes: [-33.9, 1, 2, 3],
      longitudes: [151.2, 1, 2, 3],
      // RISK_CODES: unrated, low, medium, high
      risks: [0, 1, 2, 3],
      counts: [1, 2, 3, 4],
      labels: {},
    });
    expect(markers[0]).toEqual({
      kind: "photo",
      id: "u",
      longitude: 151.2,
      latitude: -33.9,
      risk: "unrated",
      label: "",
      ...riskLook("unrated"),
    });
    expect(markers.map((m) => [m.id, m.risk, m.fill])).toEqual([
      ["u", "unrated", riskLook("unrated").fill],
      ["l", "low", RISK_COLORS.low],
      ["m", "medium", RISK_COLORS.medium],
      ["h", "high", RISK_COLORS.high],
    ]);
  });

  it("gives each pole its set label, by pole id", () => {
    const markers = poleMarkers(
      poleMarkersOf([
        { id: "p", label: "P-10423" },
        { id: "q", longitude: 3 },
      ]),
    );
    expect(markers.map((m) => [m.id, m.label])).toEqual([
      ["p", "P-10423"],
      ["q", ""],
    ]);
  });

  it("leaves out the poles of hidden risk levels", () => {
    const poles = poleMarkersOf([
      { id: "h", risk: "high" },
      { id: "u", risk: "unrated" },
      { id: "l", risk: "low" },
    ]);
    expect(poleMarkers(poles, new Set(["high", "unrated"] as const)).map((m) => m.id)).toEqual(["l"]);
  });

  it("rings a pole with an overdue finding in red, and the Overdue entry hides it", () => {
    const poles = {
      ...poleMarkersOf([
        { id: "late", risk: "high" },
        { id: "fine", risk: "low" },
      ]),
      overdue: [1, 0],
    };
    const markers = poleMarkers(poles);
    expect(markers.map((m) => [m.id, m.fill, m.outline])).toEqual([
      ["late", RISK_COLORS.high, OVERDUE_RING],
      ["fine", RISK_COLORS.low, riskLook("low").outline],
    ]);
    expect(poleMarkers(poles, new Set(["overdue"] as const)).map((m) => m.id)).toEqual(["fine"]);
  });

  it("in the 'Inspection due' view, colours by inspection state and hides by it", () => {
    const poles = {
      ...poleMarkersOf([
        { id: "c", risk: "high" },
        { id: "d", risk: "high" },
        { id: "o", risk: "high" },
        { id: "n", risk: "high" },
      ]),
      overdue: [1, 1, 1, 1],
      // INSPECTION_CODES: current, due, overdue, never
      inspections: [0, 1, 2, 3],
    };
    const markers = poleMarkers(poles, new Set(["high"] as const), "inspection");
    expect(markers.map((m) => [m.id, m.fill, m.outline])).toEqual(
      (["current", "due", "overdue", "never"] as const).map((state, i) => [
        "cdon"[i],
        inspectionLook(state).fill,
        inspectionLook(state).outline,
      ]),
    );
    const hidden = new Set(["inspection-due", "inspection-never"] as const);
    expect(poleMarkers(poles, hidden, "inspection").map((m) => m.id)).toEqual(["c", "o"]);
  });

  it("skips positions that are not on the globe, and reads an unknown risk code as unrated", () => {
    const markers = poleMarkers({
      ids: ["ok", "nan", "lat", "lon", "short", "odd"],
      latitudes: [1, Number.NaN, 91, 0, 5, 6],
      longitudes: [1, 0, 0, -181],
      risks: [3, 0, 0, 0, 0, 9],
      counts: [1, 1, 1, 1, 1, 1],
      labels: {},
    });
    expect(markers.map((m) => m.id)).toEqual(["ok"]);
    const odd = poleMarkers({
      ids: ["x"],
      latitudes: [1],
      longitudes: [1],
      risks: [9],
      counts: [1],
      labels: {},
    });
    expect(odd.map((m) => m.risk)).toEqual(["unrated"]);
  });

  it("is empty without poles (the overview)", () => {
    expect(poleMarkers(null)).toEqual([]);
    expect(poleMarkers(poleMarkersOf([]))).toEqual([]);
  });

  it("keeps 100k poles, in order", () => {
    const n = 100_000;
    const poles = poleMarkersOf(
      Array.from({ length: n }, (_, i) => ({
        id: `pole${i}`,
        latitude: (i % 180) - 89.5,
        longitude: (i % 360) - 179.5,
      })),
    );
    const markers = poleMarkers(poles);
    expect(markers).toHaveLength(n);
    expect(markers[n - 1]?.id).toBe("pole99999");
  });
});
