/** With STORAGE=s3 the bucket holds only the blurred photo: no object carries the uploaded bytes. */
import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { imageCreatedSchema } from "@poleatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "../../src/infra/storage/s3-storage";
import { useTestApp } from "../helpers/setup";
import { astronautPhoto } from "../helpers/faces";
import { startTestS3, type TestS3 } from "../helpers/s3";
import { upload } from "../helpers/uploads";
import { createSignedInUser } from "../helpers/users";

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3(["utility-poles"]);
});
afterAll(async () => {
  await s3?.close();
});
const t = useTestApp(() => s3.env());

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

describe("face blurring on S3", () => {
  it("stores only the blurred photo and its thumbnail", async () => {
    const user = await createSignedInUser(t);
    const original = await astronautPhoto({ tag: "s3" });
    const res = await upload(t, user.cookie, original, { filename: "s3-face.jpg" });
    expect(res.statusCode, res.body).toBe(201);
    const { image } = imageCreatedSchema.parse(res.json());
    expect(image.privacy?.faces).toBeGreaterThanOrEqual(1);

    const objects = createS3Storage(s3.storageOptions());
    const hashes: string[] = [];
    for await (const o of objects.list("utility-poles/")) {
      const body = await objects.read(o.key);
      if (body) hashes.push(sha256(await buffer(body)));
    }
    expect(hashes).toHaveLength(2);
    expect(hashes).not.toContain(sha256(original));
  });
});
