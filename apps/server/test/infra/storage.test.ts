import { randomBytes, randomUUID } from "node:crypto";
import { chmod, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { messages } from "@poleatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../src/errors";
import { createLocalStorage } from "../../src/infra/storage/local-storage";
import { createS3Storage } from "../../src/infra/storage/s3-storage";
import { ObjectExistsError, type Storage, type StoredObject } from "../../src/infra/storage/storage";
import { startTestS3, type TestS3 } from "../helpers/s3";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

const SERVE = { contentType: "image/jpeg", cacheControl: "private, no-cache" };

let tmp: string;
let s3: TestS3;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "poleatlas-storage-test-"));
  s3 = await startTestS3(["utility-poles"]);
});
afterAll(async () => {
  await s3?.close();
  await rm(tmp, { recursive: true, force: true });
});

/** Whether `key` is listed: the only way the interface tells, as the orphan sweep sees it. */
async function listed(storage: Storage, key: string): Promise<StoredObject | undefined> {
  for await (const o of storage.list(key)) if (o.key === key) return o;
  return undefined;
}

async function sourceFile(bytes: Buffer): Promise<string> {
  const file = path.join(tmp, `src-${randomUUID()}`);
  await writeFile(file, bytes);
  return file;
}

const implementations: [string, () => Storage][] = [
  ["local folder", () => createLocalStorage({ rootDir: path.join(tmp, "files"), bucket: "utility-poles" })],
  ["S3 (s3rver)", () => createS3Storage(s3.storageOptions())],
];

describe.each(implementations)("Storage: %s", (_name, make) => {
  it("stores, serves byte for byte, and deletes", async () => {
    const storage = make();
    await storage.ensureBucket();
    const key = `utility-poles/user-1/${randomUUID()}.jpg`;
    // Several MB, streamed: the size where checksum trailers corrupted objects on S3 servers.
    const bytes = randomBytes(5 * 1024 * 1024 + 123);
    await storage.put(key, await sourceFile(bytes), "image/jpeg");
    expect(await listed(storage, key)).toMatchObject({ key, size: bytes.length });

    const served = await storage.serve(key, SERVE);
    expect(served?.kind).toBe("stream");
    if (served?.kind !== "stream") throw new Error("expected a stream");
    expect(served.size).toBe(bytes.length);
    expect((await readAll(served.body)).equals(bytes)).toBe(true);

    await storage.delete(key);
    expect(await listed(storage, key)).toBeUndefined();
    expect(await storage.serve(key, SERVE)).toBeNull();
    await storage.delete(key); // deleting twice is fine
  });

  it("never overwrites an existing key", async () => {
    const storage = make();
    await storage.ensureBucket();
    const key = `utility-poles/user-1/${randomUUID()}.png`;
    await storage.put(key, await sourceFile(Buffer.from("first")), "image/png");
    await expect(
      storage.put(key, await sourceFile(Buffer.from("second")), "image/png"),
    ).rejects.toBeInstanceOf(ObjectExistsError);
    const served = await storage.serve(key, SERVE);
    if (served?.kind !== "stream") throw new Error("expected a stream");
    expect((await readAll(served.body)).toString()).toBe("first");
  });

  it("lists every object under a prefix with its size and time, and nothing else", async () => {
    const storage = make();
    await storage.ensureBucket();
    const user = `lister-${randomUUID()}`;
    const before = Date.now() - 60_000;
    const keys = [
      `utility-poles/${user}/${randomUUID()}.jpg`,
      `utility-poles/${user}/thumbnails/${randomUUID()}.webp`,
    ];
    await storage.put(keys[0]!, await sourceFile(Buffer.from("original")), "image/jpeg");
    await storage.put(keys[1]!, await sourceFile(Buffer.from("thumb")), "image/webp");
    await storage.put(
      `utility-poles/other-${randomUUID()}/x.jpg`,
      await sourceFile(Buffer.from("x")),
      "image/jpeg",
    );
    const seen: StoredObject[] = [];
    for await (const o of storage.list(`utility-poles/${user}/`)) seen.push(o);
    expect(seen.map((o) => o.key).sort()).toEqual([...keys].sort());
    expect(seen.find((o) => o.key === keys[0])?.size).toBe("original".length);
    for (const o of seen) expect(o.lastModified.getTime()).toBeGreaterThan(before);
  });

  it("refuses keys that could leave the bucket", async () => {
    const storage = make();
    for (const key of ["../x.jpg", "utility-poles/../../x.jpg", "/etc/passwd", "a//b", "a/./b", ""]) {
      await expect(storage.delete(key), key).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe("Storage: local permissions", () => {
  it("keeps stored photos 0600 in 0700 folders, whatever the temp file's mode", async () => {
    const root = path.join(tmp, `perm-${randomUUID()}`);
    const storage = createLocalStorage({ rootDir: root, bucket: "utility-poles" });
    await storage.ensureBucket();
    const key = `utility-poles/u-${randomUUID()}/thumbnails/${randomUUID()}.webp`;
    const src = await sourceFile(Buffer.from("private"));
    await chmod(src, 0o644);
    await storage.put(key, src, "image/webp");
    // The bucket folder is `utility-poles` under the root, and keys start with `utility-poles/` too.
    expect((await stat(path.join(root, "utility-poles", ...key.split("/")))).mode & 0o777).toBe(0o600);
    const parts = key.split("/").slice(0, -1);
    for (let i = 0; i <= parts.length; i++) {
      const dir = path.join(root, "utility-poles", ...parts.slice(0, i));
      expect((await stat(dir)).mode & 0o777, dir).toBe(0o700);
    }
  });
});

const expectBucketMissing = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject({ statusCode: 503, code: "bucket_missing", message: messages.bucketMissing });
};

describe("Storage: missing bucket", () => {
  it.each(implementations)("%s: checkBucket only looks, it never creates the bucket", async (_n, make) => {
    const root = path.join(tmp, `check-${randomUUID()}`);
    const local = createLocalStorage({ rootDir: root, bucket: "utility-poles" });
    await expectBucketMissing(local.checkBucket());
    expect(await stat(root).catch(() => null)).toBeNull();
    await make().checkBucket(); // the existing one passes
    await expectBucketMissing(createS3Storage(s3.storageOptions({ bucket: "not-there" })).checkBucket());
  });

  it("S3: answers 'Storage bucket not found…' on check and on upload", async () => {
    const storage = createS3Storage(s3.storageOptions({ bucket: "no-such-bucket" }));
    await expectBucketMissing(storage.ensureBucket());
    await expectBucketMissing(
      storage.put(`utility-poles/u/${randomUUID()}.jpg`, await sourceFile(Buffer.from("x")), "image/jpeg"),
    );
  });

  it("local: answers the same when the bucket folder has gone", async () => {
    const root = path.join(tmp, `gone-${randomUUID()}`);
    const storage = createLocalStorage({ rootDir: root, bucket: "utility-poles" });
    await storage.ensureBucket();
    await rm(path.join(root, "utility-poles"), { recursive: true });
    await expectBucketMissing(
      storage.put(`utility-poles/u/${randomUUID()}.jpg`, await sourceFile(Buffer.from("x")), "image/jpeg"),
    );
    expect(await readdir(root)).toEqual([]);
  });
});

describe("Storage: S3 signed URLs", () => {
  it("redirect mode gives a short-lived URL that serves the bytes with our headers", async () => {
    const storage = createS3Storage(s3.storageOptions({ serveMode: "redirect" }));
    const key = `utility-poles/user-2/${randomUUID()}.jpg`;
    const bytes = randomBytes(2048);
    await storage.put(key, await sourceFile(bytes), "image/jpeg");
    const served = await storage.serve(key, SERVE);
    if (served?.kind !== "redirect") throw new Error("expected a redirect");
    expect(served.url).toMatch(/X-Amz-Signature=/);
    expect(served.url).toMatch(/X-Amz-Expires=60/);
    const res = await fetch(served.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
