import { createHash } from "node:crypto";
import {
  MAX_UPLOADS_IN_FLIGHT,
  imageListSchema,
  messages,
  PHOTO_SHA256_HEADER,
  STORAGE_QUOTA_BYTES,
} from "@poleatlas/shared";
import { padJpeg } from "@poleatlas/shared/testing";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/setup";
import { filesDir, listFiles, multipartBody, tmpDir, uploadOverHttp } from "../helpers/uploads";
import { createSignedInUser, type SignedInUser } from "../helpers/users";

let baseUrl: string;
const t = useTestApp();
beforeAll(async () => {
  // A real port: the uploads really stream and interleave, as they do from a browser.
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
});

const FILE_BYTES = 6 * 1024 * 1024; // 10 × 6 MB = 60 MB > 50 MB: exactly 8 fit

/** A JPEG without metadata: stored as sent (nothing to strip), so the usage is the bytes sent. */
const plainJpeg = (shade: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 100, b: 50 } } })
    .jpeg()
    .toBuffer();

const post = (user: SignedInUser, bytes: Uint8Array, filename: string) =>
  uploadOverHttp(baseUrl, user.cookie, bytes, filename);

async function usage(user: SignedInUser): Promise<number> {
  const res = await fetch(`${baseUrl}/api/storage/usage`, { headers: { cookie: user.cookie } });
  return ((await res.json()) as { usedBytes: number }).usedBytes;
}

describe("the 50 MB quota under concurrency", () => {
  it("10 uploads, 4 at a time, that together exceed it: usage never above 52428800, the rest 413", async () => {
    const user = await createSignedInUser(t);
    const files = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => padJpeg(await plainJpeg(i * 20), FILE_BYTES)),
    );
    // Sample the usage while the uploads run: it must never pass the quota, not only at the end.
    let sampling = true;
    const samples: number[] = [];
    const sampler = (async () => {
      while (sampling) {
        samples.push(await usage(user));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    // As many in parallel as one user may have in flight (the web app's own limit too).
    const results: Awaited<ReturnType<typeof post>>[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: MAX_UPLOADS_IN_FLIGHT }, async () => {
        for (let i = next++; i < files.length; i = next++)
          results[i] = await post(user, files[i]!, `pole-${i}.jpg`);
      }),
    );
    sampling = false;
    await sampler;

    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(created).toHaveLength(8);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.status).toBe(413);
      expect(r.body.code).toBe("quota_exceeded");
      // Who was refused and when depends on timing: the quota may be hit while streaming
      // (usage as it was at the start) or in the locked re-check (usage of the 8 that fit).
      expect(r.body.message).toMatch(/^Storage limit exceeded\. You have used \d+MB of 50MB\./);
    }

    const final = await usage(user);
    expect(final).toBe(8 * FILE_BYTES);
    expect(Math.max(...samples, final)).toBeLessThanOrEqual(STORAGE_QUOTA_BYTES);

    const listRes = await fetch(`${baseUrl}/api/images`, { headers: { cookie: user.cookie } });
    const { images } = imageListSchema.parse(await listRes.json());
    expect(images).toHaveLength(8);
    // Each photo has its file and its thumbnail, and nothing else is stored or left in temp.
    const stored = (await listFiles(filesDir(t))).filter((f) => f.includes(user.id));
    expect(stored).toHaveLength(16);
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });

  it("a full account is told how much it uses", async () => {
    const user = await createSignedInUser(t);
    const big = padJpeg(await plainJpeg(0), 49 * 1024 * 1024);
    expect((await post(user, big, "big.jpg")).status).toBe(201);
    const tooMuch = padJpeg(await plainJpeg(0), 2 * 1024 * 1024);
    const res = await post(user, tooMuch, "more.jpg");
    expect(res).toEqual({
      status: 413,
      body: { code: "quota_exceeded", message: messages.quotaExceeded(49) },
    });
    // What still fits is accepted: the limit is the quota, not a fixed file size.
    const fits = padJpeg(await plainJpeg(0), 1024 * 1024);
    expect((await post(user, fits, "fits.jpg")).status).toBe(201);
    expect(await usage(user)).toBe(STORAGE_QUOTA_BYTES);
    // Exactly full: not one more byte.
    const tiny = await post(user, await plainJpeg(0), "tiny.jpg");
    expect(tiny).toEqual({
      status: 413,
      body: { code: "quota_exceeded", message: messages.quotaExceeded(50) },
    });
    expect(await usage(user)).toBe(STORAGE_QUOTA_BYTES);
  });

  it("a queued photo sent again once the account is full is the stored one (200 duplicate), not a refusal", async () => {
    const user = await createSignedInUser(t);
    const photo = padJpeg(await plainJpeg(9), 30 * 1024 * 1024);
    const first = await post(user, photo, "kept.jpg");
    expect(first.status).toBe(201);
    const stored = (first.body as { image: { id: string } }).image.id;
    const filler = padJpeg(await plainJpeg(1), 20 * 1024 * 1024);
    expect((await post(user, filler, "filler.jpg")).status).toBe(201);
    const sha = createHash("sha256").update(photo).digest("hex");
    const again = (
      bytes: Uint8Array,
      headers: Record<string, string>,
      fields: Record<string, string> = {},
    ) => {
      const body = multipartBody(bytes, { filename: "kept.jpg", fields });
      return fetch(`${baseUrl}/api/images`, {
        method: "POST",
        headers: { cookie: user.cookie, "content-type": body.contentType, ...headers },
        body: body.payload,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    };
    const res = await again(photo, { [PHOTO_SHA256_HEADER]: sha });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ duplicate: true, image: { id: stored } });
    // Without the hash, or with a hash of nothing stored, it is the quota refusal it always was.
    expect((await again(photo, {})).status).toBe(413);
    expect((await again(photo, { [PHOTO_SHA256_HEADER]: "0".repeat(64) })).status).toBe(413);
    // A photo kept for another workspace is refused as such, even when this one has its twin.
    const elsewhere = await again(photo, { [PHOTO_SHA256_HEADER]: sha }, { workspaceId: "another" });
    expect(elsewhere.status).toBe(409);
    expect((await again(photo, { [PHOTO_SHA256_HEADER]: "not-a-hash" })).status).toBe(400);
    expect(await usage(user)).toBe(STORAGE_QUOTA_BYTES);
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });
});
