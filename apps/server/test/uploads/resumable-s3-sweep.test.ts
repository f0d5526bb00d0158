/**
 * Resumable uploads' parts in the bucket (STORAGE=s3) leave it when their upload ends any other
 * way than as a photo: cancelled by its owner (DELETE), or abandoned for 24 hours (the app's temp
 * sweep job); someone else can neither see nor remove them.
 */
import { readdir, readFile, utimes } from "node:fs/promises";
import path from "node:path";
import { RESUMABLE_CHUNK_BYTES, STORAGE_QUOTA_BYTES } from "@poleatlas/shared";
import { makePhoto, padJpeg } from "@poleatlas/shared/testing";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMP_SWEEP } from "../../src/infra/jobs/background-jobs";
import { useTestApp } from "../helpers/setup";
import { bucketContents, startTestS3, type TestS3 } from "../helpers/s3";
import { createUpload, offsetOf, patch, TUS } from "../helpers/tus";
import { createSignedInUser, type SignedInUser } from "../helpers/users";

const HOUR = 3600 * 1000;
let s3: TestS3;
let boss: PgBoss;
beforeAll(async () => {
  s3 = await startTestS3(["utility-poles"]);
});
afterAll(async () => {
  await s3?.close();
});
// The app's workers pick a sent sweep up within half a second instead of up to five.
const t = useTestApp(() => ({ ...s3.env(), JOBS_POLL_SECONDS: "0.5" }));
beforeAll(async () => {
  boss = new PgBoss({ connectionString: t.db.url, supervise: false, schedule: false, migrate: false });
  await boss.start();
}, 120_000);
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
});

/** An upload holding the whole quota, with a whole S3 part and a short tail in the bucket. */
async function startedUpload(user: SignedInUser) {
  const bytes = padJpeg((await makePhoto({ color: { r: 9, g: 99, b: 199 } })).bytes, 7_000_000);
  const { res, url } = await createUpload(t, user.cookie, STORAGE_QUOTA_BYTES);
  expect(res.statusCode, res.body).toBe(201);
  expect((await patch(t, user.cookie, url!, 0, bytes)).statusCode).toBe(204);
  const id = url!.split("/").pop()!;
  const key = `resumable/${id}`;
  expect(await bucketContents(s3, key)).toEqual({
    objects: [`${key}.info`, `${key}.part`],
    multipart: [key],
  });
  expect(bytes.length).toBeGreaterThan(RESUMABLE_CHUNK_BYTES);
  return { url: url!, id, key, offset: bytes.length };
}

const del = (cookie: string, url: string) =>
  t.app.inject({ method: "DELETE", url, headers: { ...TUS, cookie } });

/** Runs the app's temp sweep as its cron would, keeping resumable uploads for `keepMs`. */
async function tempSweep(keepMs: number) {
  const id = await boss.send(TEMP_SWEEP, { resumableKeepMs: keepMs });
  await expect
    .poll(async () => (await boss.getJobById(TEMP_SWEEP, id!))?.state, { timeout: 30_000, interval: 100 })
    .toBe("completed");
}

describe("someone else's upload on S3", () => {
  it("is a 404 for HEAD, PATCH, DELETE and GET, and its parts stay in the bucket", async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const { url, key, offset } = await startedUpload(owner);
    const before = await bucketContents(s3, key);

    expect((await offsetOf(t, other.cookie, url)).status).toBe(404);
    expect((await patch(t, other.cookie, url, offset, Buffer.alloc(10))).statusCode).toBe(404);
    expect((await del(other.cookie, url)).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: { cookie: other.cookie } })).statusCode).toBe(404);

    expect(await bucketContents(s3, key)).toEqual(before);
    expect(await offsetOf(t, owner.cookie, url)).toEqual({ status: 200, offset });
  });
});

describe("the upload dialog's cancel on S3", () => {
  it("DELETE aborts the multipart upload, removes every object and frees the quota", async () => {
    const owner = await createSignedInUser(t);
    const { url, key } = await startedUpload(owner);
    expect((await createUpload(t, owner.cookie, 1000)).res.statusCode).toBe(413);

    const res = await del(owner.cookie, url);
    expect(res.statusCode, res.body).toBe(204);
    expect(await bucketContents(s3, key)).toEqual({ objects: [], multipart: [] });
    expect((await offsetOf(t, owner.cookie, url)).status).toBe(404);
    await expect.poll(async () => (await createUpload(t, owner.cookie, 1000)).res.statusCode).toBe(201);
  });
});

/** Sets every file s3rver keeps for `id` (objects, multipart upload, parts) to `hoursAgo`, but `keep`. */
async function backdate(id: string, hoursAgo: number, keep: (file: string) => boolean = () => false) {
  const bucket = path.join(s3.directory, "utility-poles");
  const entries = await readdir(bucket, { recursive: true, withFileTypes: true });
  const uploads = new Set<string>();
  for (const e of entries.filter((e) => e.name === "key")) {
    const dir = e.parentPath;
    if ((await readFile(path.join(dir, "key"), "utf8")).includes(id)) uploads.add(dir);
  }
  const when = new Date(Date.now() - hoursAgo * HOUR);
  for (const e of entries) {
    const file = path.join(e.parentPath, e.name);
    const ours = e.name.startsWith(id) || uploads.has(e.parentPath);
    if (e.isFile() && ours && !keep(file)) await utimes(file, when, when);
  }
}

describe("an upload still moving on S3", () => {
  it("is kept however old it is while its newest byte is younger than 24 hours", async () => {
    const owner = await createSignedInUser(t);
    const { url, id, key, offset } = await startedUpload(owner);
    // Created 30 h ago, its whole part too; the short tail came an hour ago.
    await backdate(id, 30, (file) => file.includes(".part._S3rver_"));
    await backdate(id, 1, (file) => !file.includes(".part._S3rver_"));
    await tempSweep(24 * HOUR);
    expect(await offsetOf(t, owner.cookie, url)).toEqual({ status: 200, offset });

    // Its newest byte is 25 h old now as well: the sweep takes it.
    await backdate(id, 25, (file) => !file.includes(".part._S3rver_"));
    await tempSweep(24 * HOUR);
    expect(await bucketContents(s3, key)).toEqual({ objects: [], multipart: [] });
    expect((await offsetOf(t, owner.cookie, url)).status).toBe(404);
  });
});

describe("an abandoned upload on S3", () => {
  it("is kept while it moved within 24 hours, then the sweep job removes it and its hold", async () => {
    const owner = await createSignedInUser(t);
    const { url, id, key, offset } = await startedUpload(owner);

    // As a day less an hour later: the last byte came within the keep time.
    await tempSweep(HOUR);
    expect((await bucketContents(s3, key)).objects).toHaveLength(2);
    expect(await offsetOf(t, owner.cookie, url)).toEqual({ status: 200, offset });

    // As 25 hours later: nothing arrived for longer than the keep time.
    await tempSweep(-HOUR);
    expect(await bucketContents(s3, key)).toEqual({ objects: [], multipart: [] });
    expect((await offsetOf(t, owner.cookie, url)).status).toBe(404);
    expect((await t.app.inject({ url, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect((await createUpload(t, owner.cookie, 1000)).res.statusCode).toBe(201);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
