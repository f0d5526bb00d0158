import { rm } from "node:fs/promises";
import path from "node:path";
import { imageCreatedSchema, imageListSchema, messages, type ImageRecord } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { filesDir, listFiles, upload } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);

const req = (method: "GET" | "DELETE", url: string) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie } });

async function uploadOne(name: string): Promise<ImageRecord> {
  const { bytes } = await makePhoto({ dateTimeOriginal: "2024:01:02 03:04:05" });
  const res = await upload(t, user.cookie, bytes, { filename: name });
  expect(res.statusCode).toBe(201);
  return imageCreatedSchema.parse(res.json()).image;
}

const usage = async () => (await req("GET", "/api/storage/usage")).json<{ usedBytes: number }>().usedBytes;
const storedFor = async (img: ImageRecord) =>
  (await listFiles(filesDir(t))).filter((f) => f.includes(img.id));

describe("DELETE /api/images/:id", () => {
  it("removes the row, the file and the thumbnail, and the usage drops", async () => {
    const keep = await uploadOne("keep.jpg");
    const gone = await uploadOne("gone.jpg");
    expect(await storedFor(gone)).toHaveLength(2);
    const before = await usage();

    const res = await req("DELETE", `/api/images/${gone.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");

    expect(imageListSchema.parse((await req("GET", "/api/images")).json()).images).toEqual([keep]);
    expect(await storedFor(gone)).toEqual([]);
    expect(await storedFor(keep)).toHaveLength(2);
    expect(await usage()).toBe(before - gone.metadata.fileSize);
    expect((await req("GET", gone.image_url)).statusCode).toBe(404);
    expect((await req("GET", gone.thumbnail_url)).statusCode).toBe(404);
  });

  it("a second delete or an unknown id is 404; a malformed id is a 400 naming it", async () => {
    const img = await uploadOne("twice.jpg");
    expect((await req("DELETE", `/api/images/${img.id}`)).statusCode).toBe(204);
    for (const id of [img.id, "7f0c6d1e-0000-4000-8000-000000000000"]) {
      const res = await req("DELETE", `/api/images/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ code: "not_found", message: messages.imageNotFound });
    }
    for (const id of ["not-a-uuid", "1 OR 1=1"]) {
      const res = await req("DELETE", `/api/images/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ code: "invalid_request", field: "params.id" });
    }
  });

  it("still deletes the row when the stored file is already gone (the error is only logged)", async () => {
    const img = await uploadOne("orphan.jpg");
    const file = path.join(filesDir(t), "utility-poles", ...img.image_url.replace("/files/", "").split("/"));
    await rm(file);
    expect((await req("DELETE", `/api/images/${img.id}`)).statusCode).toBe(204);
    expect(await storedFor(img)).toEqual([]);
    const list = imageListSchema.parse((await req("GET", "/api/images")).json()).images;
    expect(list.some((i) => i.id === img.id)).toBe(false);
  });
});
