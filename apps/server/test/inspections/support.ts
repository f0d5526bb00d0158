/** Findings over the API, for the inspection tests. */
import { findingResponseSchema, type Finding } from "@poleatlas/shared";
import { expect } from "vitest";
import type { TestApp } from "../helpers/app";
import { TEST_ORIGIN } from "../helpers/users";

export function send(
  t: TestApp,
  cookie: string,
  method: "POST" | "PATCH" | "PUT",
  url: string,
  payload: unknown,
) {
  return t.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, payload: payload as object });
}

export function get(t: TestApp, cookie: string, url: string) {
  return t.app.inject({ method: "GET", url, headers: { cookie } });
}

export async function addFinding(
  t: TestApp,
  cookie: string,
  poleId: string,
  body: Record<string, unknown>,
): Promise<Finding> {
  const res = await send(t, cookie, "POST", `/api/poles/${poleId}/findings`, body);
  expect(res.statusCode, res.body).toBe(201);
  return findingResponseSchema.parse(res.json()).finding;
}

export async function resolveFinding(t: TestApp, cookie: string, id: string, action = "Replaced the pole") {
  const res = await send(t, cookie, "PATCH", `/api/findings/${id}`, { resolve: { action } });
  expect(res.statusCode, res.body).toBe(200);
  return findingResponseSchema.parse(res.json()).finding;
}
