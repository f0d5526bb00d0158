/** Findings over the API, for the inspection tests. */
import { findingListSchema, findingResponseSchema, type Finding } from "@poleatlas/shared";
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

/** Every finding of a work list query, read `limit` at a time through the cursors. */
export async function allPages(t: TestApp, cookie: string, query: string, limit: number): Promise<Finding[]> {
  const found: Finding[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/findings?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
    const res = await get(t, cookie, url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const page = findingListSchema.parse(res.json());
    expect(page.findings.length).toBeLessThanOrEqual(limit);
    found.push(...page.findings);
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}
