/** API keys made through /api/keys as the web app does, and calls made with them. */
import { apiKeyCreatedSchema, type ApiKeyScope } from "@poleatlas/shared";
import { expect } from "vitest";
import type { TestApp } from "../helpers/app";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";

/** A key of `who` for their active workspace. */
export async function createKey(t: TestApp, who: SignedInUser, scope: ApiKeyScope, name = `key-${scope}`) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/keys",
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload: { name, scope },
  });
  expect(res.statusCode, res.body).toBe(201);
  return apiKeyCreatedSchema.parse(res.json());
}

export const withKey = (key: string) => ({ "x-api-key": key });

export function keyGet(t: TestApp, key: string, url: string) {
  return t.app.inject({ method: "GET", url, headers: withKey(key) });
}
