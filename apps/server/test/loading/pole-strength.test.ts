/**
 * A pole's strength inputs on PATCH /api/poles/:id: stored, answered with whether each was
 * measured or defaulted, audited like the register's fields, and refused out of range.
 */
import { poleResponseSchema, poleTimelineSchema } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { get, send } from "./support";

const t = useTestApp();
const user = useSignedInUser(t);

describe("a pole's strength inputs", () => {
  it("are stored and answered as measured, defaulted or missing", async () => {
    const id = (await placedPhoto(t, user.cookie, 44.1, 7.6)).pole_id!;
    const res = await send(t, user.cookie, "PATCH", `/api/poles/${id}`, {
      height_m: 12.2,
      class: "4",
      species: "western_red_cedar",
      groundline_circumference_m: 1.05,
    });
    expect(res.statusCode, res.body).toBe(200);
    const pole = poleResponseSchema.parse(res.json()).pole;
    expect(pole).toMatchObject({
      species: "western_red_cedar",
      groundline_circumference_m: 1.05,
      setting_depth_m: null,
    });
    expect(pole.strength).toEqual({
      setting_depth_m: { value: expect.closeTo(1.82, 9) as number, source: "default" },
      fibre_stress_pa: { value: 6000 * 6894.757, source: "default" },
      groundline_circumference_m: { value: 1.05, source: "measured" },
      top_circumference_m: { value: expect.closeTo(21 * 0.0254, 12) as number, source: "default" },
    });
    expect(
      (await send(t, user.cookie, "PATCH", `/api/poles/${id}`, { setting_depth_m: 2.1 })).statusCode,
    ).toBe(200);
    const again = poleTimelineSchema.parse((await get(t, user.cookie, `/api/poles/${id}`)).json()).pole;
    expect(again.strength?.setting_depth_m).toEqual({ value: 2.1, source: "measured" });
  });

  it.each([
    ["a negative setting depth", { setting_depth_m: -1 }],
    ["a setting depth of 1e308", { setting_depth_m: 1e308 }],
    ["an unknown species", { species: "oak" }],
    ["a species by a prototype name", { species: "__proto__" }],
    ["a circumference as text", { groundline_circumference_m: "1" }],
    ["a zero top circumference", { top_circumference_m: 0 }],
  ])("refuse %s", async (_name, body) => {
    const id = (await placedPhoto(t, user.cookie, 44.2, 7.6)).pole_id!;
    const res = await send(t, user.cookie, "PATCH", `/api/poles/${id}`, body);
    expect(res.statusCode, res.body).toBe(400);
    const pole = poleTimelineSchema.parse((await get(t, user.cookie, `/api/poles/${id}`)).json()).pole;
    expect(pole).toMatchObject({
      setting_depth_m: null,
      species: null,
      top_circumference_m: null,
      version: 1,
    });
  });
});
