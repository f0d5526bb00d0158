/**
 * Parallel uploads against slow storage (two users with 4 in flight each, the most one user may
 * have) must not take every database connection:
 * the files are stored before the per-user lock, so the transactions stay short and everybody
 * else's requests (each checks its session in the database) keep being answered.
 */
import { makePhoto } from "@poleatlas/shared/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { openStorage } from "../../src/infra/storage/create-storage";
import type { Storage } from "../../src/infra/storage/storage";
import { useTestApp } from "../helpers/setup";
import { filesDir, listFiles, tmpDir, uploadOverHttp } from "../helpers/uploads";
import { createSignedInUser, type SignedInUser } from "../helpers/users";

const PUT_DELAY_MS = 400;
/** More than the test database's pool (5 connections). */
const UPLOADS = 8;

let baseUrl: string;
let putsStarted = 0;
const t = useTestApp(
  {},
  {
    // Storage as slow as a distant S3 bucket: every put takes PUT_DELAY_MS.
    storage: async (config) => {
      const real = await openStorage(config.storage);
      return {
        ...real,
        put: async (key, src, type) => {
          putsStarted++;
          await new Promise((r) => setTimeout(r, PUT_DELAY_MS));
          return real.put(key, src, type);
        },
      } satisfies Storage;
    },
  },
);
beforeAll(async () => {
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
});

const post = async (user: SignedInUser, bytes: Uint8Array, filename: string) =>
  (await uploadOverHttp(baseUrl, user.cookie, bytes, filename)).status;

describe("parallel uploads with slow storage", () => {
  it("do not block another user's requests", async () => {
    const busy = [await createSignedInUser(t), await createSignedInUser(t)];
    const other = await createSignedInUser(t);
    const photos = await Promise.all(
      Array.from(
        { length: UPLOADS },
        async (_, i) => (await makePhoto({ color: { r: i * 30, g: 90, b: 40 } })).bytes,
      ),
    );

    let uploadsDone = false;
    const uploads = Promise.all(photos.map((bytes, i) => post(busy[i % 2]!, bytes, `pole-${i}.jpg`))).finally(
      () => {
        uploadsDone = true;
      },
    );
    // Wait until storage is busy, then a little longer so every upload has reached its waiting point.
    while (putsStarted === 0) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 150));

    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/storage/usage`, { headers: { cookie: other.cookie } });
    const elapsed = performance.now() - t0;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ usedBytes: 0, quotaBytes: 52428800 });
    // Answered while the busy user's uploads were still waiting for storage, and quickly.
    expect(uploadsDone).toBe(false);
    expect(elapsed).toBeLessThan(PUT_DELAY_MS * 2);

    expect(await uploads).toEqual(Array.from({ length: UPLOADS }, () => 201));
    const stored = await listFiles(filesDir(t));
    for (const user of busy)
      expect(stored.filter((f) => f.includes(user.id))).toHaveLength((2 * UPLOADS) / busy.length);
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });
});
