/**
 * What the import tests watch besides the answer: what an import left in the upload temp folder,
 * how long /api/health took while it ran, and an import sent over a real socket that the test
 * can drop halfway.
 */
import { readdir } from "node:fs/promises";
import { request, type ClientRequest } from "node:http";
import { beforeAll, expect } from "vitest";
import type { TestApp } from "../helpers/app";
import { multipartBody } from "../helpers/multipart";
import { tmpDir } from "../helpers/uploads";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";

/** What the imports left in the upload temp folder: uploads, unpacked zips, locks (tus keeps its folder). */
export const tempLeftovers = async (t: TestApp) =>
  (await readdir(tmpDir(t)).catch(() => [] as string[])).filter((name) => name !== "resumable");

/**
 * Asks /api/health every 50 ms from the start of `work` until after it ends (three times at
 * least); each must answer 200. Answers what `work` gave and the slowest wait in milliseconds.
 */
export async function healthDuring<T>(
  t: TestApp,
  work: Promise<T>,
): Promise<{ result: T; slowestMs: number }> {
  let settled = false;
  const watched = work.finally(() => {
    settled = true;
  });
  const waits: number[] = [];
  while (!settled || waits.length < 3) {
    const asked = performance.now();
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    waits.push(performance.now() - asked);
    expect(health.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { result: await watched, slowestMs: Math.max(...waits) };
}

/** POST `path` with `bytes` as the multipart file over a real socket; `answered` says whether a response came. */
export function sendImport(
  port: number,
  who: SignedInUser,
  bytes: Buffer,
  opts: { filename: string; contentType: string; path?: string },
): { req: ClientRequest; answered: () => boolean } {
  const body = multipartBody(bytes, { filename: opts.filename, contentType: opts.contentType });
  const req = request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: opts.path ?? "/api/poles/import",
    headers: { cookie: who.cookie, origin: TEST_ORIGIN, "content-type": body.contentType },
  });
  let answered = false;
  req.on("error", () => {});
  req.on("response", () => {
    answered = true;
  });
  req.end(body.payload);
  return { req, answered: () => answered };
}

/** The app listening on a free port of 127.0.0.1 from the describe's start: the port, once up. */
export function useListeningPort(t: TestApp): () => number {
  let port = 0;
  beforeAll(async () => {
    port = Number(new URL(await t.app.listen({ host: "127.0.0.1", port: 0 })).port);
  });
  return () => port;
}
