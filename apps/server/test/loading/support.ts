/** Attachments over the API, for the loading tests. */
import { attachmentResponseSchema, type Attachment } from "@poleatlas/shared";
import { expect } from "vitest";
import type { TestApp } from "../helpers/app";
import { TEST_ORIGIN } from "../helpers/users";

export function send(
  t: TestApp,
  cookie: string,
  method: "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, origin: TEST_ORIGIN, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export function get(t: TestApp, cookie: string, url: string) {
  return t.app.inject({ method: "GET", url, headers: { cookie } });
}

export async function attach(
  t: TestApp,
  cookie: string,
  poleId: string,
  body: Record<string, unknown>,
): Promise<Attachment> {
  const res = await send(t, cookie, "POST", `/api/poles/${poleId}/attachments`, body);
  expect(res.statusCode, res.body).toBe(201);
  return attachmentResponseSchema.parse(res.json()).attachment;
}
