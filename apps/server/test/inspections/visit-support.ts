/** Inspection visits over the API, for the visit tests. */
import { poleVisitsSchema, visitResponseSchema, type Visit } from "@poleatlas/shared";
import { expect } from "vitest";
import type { TestApp } from "../helpers/app";
import { get, send } from "./support";

export async function recordVisit(
  t: TestApp,
  cookie: string,
  poleId: string,
  body: Record<string, unknown>,
): Promise<Visit> {
  const res = await send(t, cookie, "POST", `/api/poles/${poleId}/inspections`, {
    type: "detailed",
    result: "no-defects",
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return visitResponseSchema.parse(res.json()).inspection;
}

export async function visitsOf(t: TestApp, cookie: string, poleId: string): Promise<Visit[]> {
  const res = await get(t, cookie, `/api/poles/${poleId}/inspections`);
  expect(res.statusCode, res.body).toBe(200);
  return poleVisitsSchema.parse(res.json()).inspections;
}
