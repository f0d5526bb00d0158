/**
 * GET /api/poles/:id/loading on a pole built through the API, against the moments worked by hand
 * here; what is missing; someone else's pole.
 */
import { DEFAULT_LOAD_CASES, loadingAnswerSchema } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { METRES_PER_DEGREE, placedPhoto } from "../poles/support";
import { attach, get, send } from "./support";

const t = useTestApp();
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);

const near = (actual: number, hand: number) => expect(Math.abs(actual - hand) / hand).toBeLessThan(0.005);

describe("a pole's loading check", () => {
  it("equals the hand's figures for each default case and names the governing one", async () => {
    const pole = (await placedPhoto(t, user.cookie, 43.1, 7.6)).pole_id!;
    const north = (await placedPhoto(t, user.cookie, 43.1 + 60 / METRES_PER_DEGREE, 7.6)).pole_id!;
    const fields = { height_m: 12.2, class: "4", species: "southern_pine", groundline_circumference_m: 1 };
    expect((await send(t, user.cookie, "PATCH", `/api/poles/${pole}`, fields)).statusCode).toBe(200);
    // A line straight through (60 m to the pole north, 60 m due south), 25 mm at 10 m, 15 kN; a
    // transformer of 0.6 m² at 8.5 m.
    await attach(t, user.cookie, pole, {
      kind: "primary",
      height_m: 10,
      diameter_mm: 25,
      tension_kN: 15,
      spans: [{ to_pole_id: north }, { bearing_deg: 180, length_m: 60 }],
    });
    await attach(t, user.cookie, pole, { kind: "transformer", height_m: 8.5, area_m2: 0.6, weight_kg: 300 });

    const res = await get(t, user.cookie, `/api/poles/${pole}/loading`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = loadingAnswerSchema.parse(res.json());
    expect(answer.missing).toEqual([]);

    // By hand. H = 12.2 − (1.22 + 0.6) = 10.38 m; d_gl = 1/π; d_top = 21 in/π = 0.5334/π.
    // The tensions cancel; the wind across the line (from 90° or 270°) meets every load at once.
    const H = 10.38;
    const taper = (1 + 2 * 0.5334) / Math.PI;
    const fb = 8000 * 6894.757;
    const cases = [
      // 250B medium C: p 190, ice 6.5 mm, k 2.5, wind × 1.75, strength 0.85.
      { p: 190, ice: 0.0065, k: 2.5, wind: 1.75, strength: 0.85 },
      // 250C at 40.23 m/s: p = 0.613·40.23², no ice, no k, factors 1.0, strength 0.75.
      { p: 0.613 * 40.23 ** 2, ice: 0, k: 0, wind: 1, strength: 0.75 },
    ];
    cases.forEach((c, i) => {
      const poleWind = (c.p * H ** 2 * taper) / 6;
      const wires = (c.p * (0.025 + 2 * c.ice) + c.k) * (30 + 30) * 10;
      const transformer = c.p * 0.6 * 8.5;
      const applied = (poleWind + wires + transformer) * c.wind;
      const resisting = (c.strength * fb * 1 ** 3) / (32 * Math.PI ** 2);
      const got = answer.cases[i]!;
      expect(got.name).toBe(DEFAULT_LOAD_CASES[i]!.name);
      near(got.applied_kNm, applied / 1000);
      near(got.resisting_kNm!, resisting / 1000);
      near(got.utilization_pct, (applied / resisting) * 100);
      expect([90, 270].some((d) => Math.abs(got.wind_from_deg - d) <= 1)).toBe(true);
    });
    expect(answer.governing).toBe(DEFAULT_LOAD_CASES[1]!.name);
  });

  it("names what is not known instead of guessing", async () => {
    const pole = (await placedPhoto(t, user.cookie, 43.2, 7.6)).pole_id!;
    const wire = await attach(t, user.cookie, pole, { kind: "communication", diameter_mm: 12 });
    const answer = loadingAnswerSchema.parse(
      (await get(t, user.cookie, `/api/poles/${pole}/loading`)).json(),
    );
    expect(answer).toEqual({
      cases: [],
      governing: null,
      missing: [
        { attachment_id: null, field: "height_m" },
        { attachment_id: null, field: "groundline_circumference_m" },
        { attachment_id: null, field: "top_circumference_m" },
        { attachment_id: wire.id, field: "height_m" },
        { attachment_id: wire.id, field: "tension_kN" },
        { attachment_id: wire.id, field: "spans" },
        { attachment_id: null, field: "species" },
      ],
    });
  });

  it("is someone else's pole's: 404", async () => {
    const pole = (await placedPhoto(t, user.cookie, 43.3, 7.6)).pole_id!;
    expect((await get(t, stranger.cookie, `/api/poles/${pole}/loading`)).statusCode).toBe(404);
    expect((await get(t, stranger.cookie, `/api/poles/not-an-id/loading`)).statusCode).toBe(400);
  });
});
