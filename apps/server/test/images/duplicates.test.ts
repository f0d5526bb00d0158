/**
 * The same bytes uploaded twice by one owner are one photo: the second answer is 200 with the
 * existing record and `duplicate: true`, nothing is stored and no quota is charged.
 */
import { sql } from "drizzle-orm";
import { imageCreatedSchema, imageUploadResponseSchema, storageUsageSchema } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { filesDir, listFiles, upload, uploadOverHttp } from "../helpers/uploads";
import { createSignedInUser } from "../helpers/users";

const t = useTestApp();
const user = useSignedInUser(t);

const GPS = { latitude: 59.3293, longitude: 18.0686 };
const rowsOf = async (userId: string) => {
  const res = await t.db.database.db.execute(
    sql`SELECT count(*)::int AS n FROM utility_pole_images WHERE user_id = ${userId}`,
  );
  return (res.rows[0] as { n: number }).n;
};
const usedBytes = async (cookie: string) =>
  storageUsageSchema.parse((await t.app.inject({ url: "/api/storage/usage", headers: { cookie } })).json())
    .usedBytes;

describe("duplicate uploads", () => {
  it("answers the second upload of the same bytes with the first photo, storing and charging nothing", async () => {
    const { bytes } = await makePhoto({ gps: GPS, color: { r: 1, g: 2, b: 3 } });
    const first = await upload(t, user.cookie, bytes, { filename: "a.jpg" });
    expect(first.statusCode).toBe(201);
    const stored = imageCreatedSchema.parse(first.json()).image;
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    const files = await listFiles(filesDir(t));
    const used = await usedBytes(user.cookie);

    const again = await upload(t, user.cookie, bytes, { filename: "a-copy.jpg" });
    expect(again.statusCode).toBe(200);
    const answer = imageUploadResponseSchema.parse(again.json());
    expect(answer).toEqual({ image: stored, duplicate: true });
    expect(await rowsOf(user.id)).toBe(1);
    expect(await listFiles(filesDir(t))).toEqual(files);
    expect(await usedBytes(user.cookie)).toBe(used);
  });

  it("keeps different bytes at one place as two photos of one pole", async () => {
    const owner = await createSignedInUser(t);
    const a = await makePhoto({ gps: GPS, color: { r: 10, g: 20, b: 30 } });
    const b = await makePhoto({ gps: GPS, color: { r: 30, g: 20, b: 10 } });
    const ra = imageCreatedSchema.parse((await upload(t, owner.cookie, a.bytes)).json()).image;
    const rb = imageCreatedSchema.parse((await upload(t, owner.cookie, b.bytes)).json()).image;
    expect(ra.id).not.toBe(rb.id);
    expect(rb.pole_id).toBe(ra.pole_id);
  });

  it("is per owner: another user's same bytes are their own photo", async () => {
    const { bytes } = await makePhoto({ gps: GPS, color: { r: 99, g: 99, b: 9 } });
    const other = await createSignedInUser(t);
    const mine = await upload(t, user.cookie, bytes);
    const theirs = await upload(t, other.cookie, bytes);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(imageCreatedSchema.parse(theirs.json()).image.user_id).toBe(other.id);
  });

  it("makes one photo of the same bytes uploaded twice at once", async () => {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const owner = await createSignedInUser(t);
    const { bytes } = await makePhoto({ gps: GPS, color: { r: 7, g: 77, b: 177 } });
    const answers = await Promise.all(
      [1, 2, 3].map((i) => uploadOverHttp(base, owner.cookie, bytes, `p${i}.jpg`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((a) => (a.body as { image: { id: string } }).image.id));
    expect(ids.size).toBe(1);
    expect(await rowsOf(owner.id)).toBe(1);
    // Only the one photo's two files are stored.
    expect((await listFiles(filesDir(t))).filter((f) => f.includes(owner.id))).toHaveLength(2);
  });
});
