/** What the loading check reads of a pole and its attachments, and what it names as missing. */
import { strengthOf, type Attachment } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { loadingInputOf } from "./loading-input";

const attachment = (parts: Partial<Attachment>): Attachment => ({
  id: "a",
  pole_id: "p",
  kind: "communication",
  owner: null,
  height_m: 6,
  measurement_id: null,
  diameter_mm: 15,
  tension_kN: 4,
  spans: [{ bearing_deg: 10, length_m: 40 }],
  anchor_distance_m: null,
  bearing_deg: null,
  rated_kN: null,
  weight_kg: null,
  area_m2: null,
  version: 1,
  created_at: "",
  updated_at: null,
  ...parts,
});

describe("the loading check's input", () => {
  it("is built in SI units from a pole whose strength is known", () => {
    const strength = strengthOf({
      height_m: 12.2,
      class: "4",
      species: "douglas_fir",
      groundline_circumference_m: 1.1,
    });
    const { input, missing } = loadingInputOf({ height_m: 12.2, strength }, [attachment({})]);
    expect(missing).toEqual([]);
    expect(input!.above_ground_m).toBeCloseTo(12.2 - 1.82, 12);
    expect(input!.groundline_diameter_m).toBeCloseTo(1.1 / Math.PI, 12);
    expect(input!.wires).toEqual([
      { height_m: 6, diameter_m: 0.015, tension_n: 4000, spans: [{ bearing_deg: 10, length_m: 40 }] },
    ]);
  });

  it("names what is unknown instead of guessing, and computes nothing then", () => {
    const strength = strengthOf({ height_m: null, class: null });
    const { input, missing } = loadingInputOf({ height_m: null, strength }, [
      attachment({
        id: "w",
        height_m: null,
        tension_kN: null,
        spans: [{ to_pole_id: "x", bearing_deg: null, length_m: null }],
      }),
      attachment({ id: "t", kind: "transformer", area_m2: null }),
      attachment({ id: "g", kind: "guy", rated_kN: null, bearing_deg: 90, anchor_distance_m: 4 }),
    ]);
    expect(input).toBeNull();
    expect(missing).toEqual([
      { attachment_id: null, field: "height_m" },
      { attachment_id: null, field: "groundline_circumference_m" },
      { attachment_id: null, field: "top_circumference_m" },
      { attachment_id: "w", field: "height_m" },
      { attachment_id: "w", field: "tension_kN" },
      { attachment_id: "w", field: "spans.to_pole_id" },
      { attachment_id: "t", field: "area_m2" },
      { attachment_id: "g", field: "rated_kN" },
    ]);
  });

  it("needs the species only of a pole standing on its own", () => {
    const strength = strengthOf({ height_m: 12, class: "5", groundline_circumference_m: 0.9 });
    expect(loadingInputOf({ height_m: 12, strength }, []).missing).toEqual([
      { attachment_id: null, field: "species" },
    ]);
    const guy = attachment({ kind: "guy", bearing_deg: 180, anchor_distance_m: 3, rated_kN: 50 });
    expect(loadingInputOf({ height_m: 12, strength }, [guy]).missing).toEqual([]);
  });

  it("asks for a guy's height and lead where either is zero, rather than dividing by it", () => {
    const strength = strengthOf({
      height_m: 12,
      class: "5",
      species: "douglas_fir",
      groundline_circumference_m: 0.9,
    });
    const guys = [
      attachment({
        id: "low",
        kind: "guy",
        height_m: 0,
        bearing_deg: 180,
        anchor_distance_m: 3,
        rated_kN: 50,
      }),
      attachment({
        id: "foot",
        kind: "guy",
        height_m: 8,
        bearing_deg: 0,
        anchor_distance_m: 0,
        rated_kN: 50,
      }),
    ];
    expect(loadingInputOf({ height_m: 12, strength }, guys).missing).toEqual([
      { attachment_id: "low", field: "height_m" },
      { attachment_id: "foot", field: "anchor_distance_m" },
    ]);
  });
});
