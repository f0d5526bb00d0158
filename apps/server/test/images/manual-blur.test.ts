/**
 * POST /api/images/:id/blur: members blur by hand what the detector missed. The stored photo and
 * its thumbnail are replaced under new keys, the old files are gone, the change is audited, and
 * the unblurred photo can no longer be fetched.
 */
import {
  auditListSchema,
  imageCreatedSchema,
  imageResponseSchema,
  type ImageRecord,
} from "@poleatlas/shared";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { laplacianVariance, scaled } from "../helpers/faces";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { upload } from "../helpers/uploads";
import type { SignedInUser } from "../helpers/users";
import { createTeamWith, get } from "../workspaces/support";

const t = useTestApp();
const owner = useSignedInUser(t);
const member = useSignedInUser(t);
const viewer = useSignedInUser(t);
const outsider = useSignedInUser(t);

beforeAll(async () => {
  await createTeamWith(t, owner, [
    [member, "member"],
    [viewer, "viewer"],
  ]);
});

/** A photo with fine detail everywhere (noise), so a blurred area shows. */
async function detailedPhoto(width: number, height: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + Math.floor(Math.random() * 256)) % 256;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .withExifMerge({ IFD2: { DateTimeOriginal: "2024:03:04 05:06:07" } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function uploadAs(who: SignedInUser, bytes: Buffer): Promise<ImageRecord> {
  const res = await upload(t, who.cookie, bytes, { filename: "pole.jpg" });
  expect(res.statusCode, res.body).toBe(201);
  return imageCreatedSchema.parse(res.json()).image;
}

const blur = (who: SignedInUser, id: string, boxes: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/images/${id}/blur`,
    headers: { cookie: who.cookie },
    payload: { boxes },
  });

const fetchFile = (who: SignedInUser, url: string) =>
  t.app.inject({ method: "GET", url, headers: { cookie: who.cookie } });

describe("POST /api/images/:id/blur", () => {
  it("replaces the photo and its thumbnail with blurred ones and audits it", async () => {
    const original = await detailedPhoto(400, 300);
    const photo = await uploadAs(member, original);
    const box = { x: 40, y: 30, width: 120, height: 90 };
    const away = { x: 260, y: 180, width: 100, height: 90 };

    const res = await blur(member, photo.id, [box, { x: 300, y: 20, width: 50, height: 40 }]);
    expect(res.statusCode, res.body).toBe(200);
    const image = imageResponseSchema.parse(res.json()).image;
    expect(image.image_url).not.toBe(photo.image_url);
    expect(image.thumbnail_url).not.toBe(photo.thumbnail_url);
    expect(image.privacy?.manualBoxes).toBe(2);
    expect(image.privacy?.blurredAt).not.toBeNull();
    expect(image.sha256).toBe(photo.sha256);

    const file = (await fetchFile(member, image.image_url)).rawPayload;
    expect(await laplacianVariance(file, box)).toBeLessThanOrEqual(
      0.2 * (await laplacianVariance(original, box)),
    );
    expect(await laplacianVariance(file, away)).toBeGreaterThanOrEqual(
      0.95 * (await laplacianVariance(original, away)),
    );
    const thumb = (await fetchFile(member, image.thumbnail_url)).rawPayload;
    // The box's inside (its edges blend into the rest) in the 256-pixel-wide thumbnail.
    const oldThumbBox = scaled({ x: 50, y: 40, width: 100, height: 70 }, 256 / 400);
    const plainThumb = await sharp(original)
      .resize(256, 256, { fit: "inside" })
      .webp({ quality: 80 })
      .toBuffer();
    expect(await laplacianVariance(thumb, oldThumbBox)).toBeLessThanOrEqual(
      0.2 * (await laplacianVariance(plainThumb, oldThumbBox)),
    );
    expect((await sharp(file).metadata()).exif).toBeDefined();

    // The old files are gone for everyone.
    expect((await fetchFile(member, photo.image_url)).statusCode).toBe(404);
    expect((await fetchFile(member, photo.thumbnail_url)).statusCode).toBe(404);

    const entries = auditListSchema.parse(
      (await get(t, owner, "/api/audit?action=image.blur")).json(),
    ).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_email: member.email,
      target_id: photo.id,
      details: { boxes: 2 },
    });
  });

  it("refuses boxes outside the photo and loses nothing", async () => {
    const photo = await uploadAs(owner, await detailedPhoto(200, 100));
    const res = await blur(owner, photo.id, [{ x: 150, y: 50, width: 60, height: 20 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe("An area lies outside the photo.");
    expect((await fetchFile(owner, photo.image_url)).statusCode).toBe(200);
    expect((await blur(owner, photo.id, [])).statusCode).toBe(400);
    expect((await blur(owner, photo.id, [{ x: -1, y: 0, width: 5, height: 5 }])).statusCode).toBe(400);
  });

  it("is for members and up: viewers 403, someone else's photo 404", async () => {
    const photo = await uploadAs(owner, await detailedPhoto(200, 100));
    const box = [{ x: 0, y: 0, width: 10, height: 10 }];
    expect((await blur(viewer, photo.id, box)).statusCode).toBe(403);
    expect((await blur(outsider, photo.id, box)).statusCode).toBe(404);
    expect((await fetchFile(owner, photo.image_url)).statusCode).toBe(200);
  });
});
