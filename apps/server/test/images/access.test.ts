import { imageCreatedSchema, imageListSchema, messages, type ImageRecord } from "@poleatlas/shared";
import { HEMISPHERES, makePhoto } from "@poleatlas/shared/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { filesDir, listFiles, samePixels, upload } from "../helpers/uploads";

/** better-auth's session cookie under our cookie prefix (modules/auth/auth.ts), over plain http. */
const SESSION_COOKIE = "poleatlas.session_token";

let photo: ImageRecord;
let photoBytes: Buffer;

const t = useTestApp();
const alice = useSignedInUser(t);
const bob = useSignedInUser(t);
beforeAll(async () => {
  const fixture = await makePhoto({
    gps: HEMISPHERES["N/W (New York)"],
    dateTimeOriginal: "2024:04:01 12:00:00",
  });
  photoBytes = fixture.bytes;
  const res = await upload(t, alice.cookie, photoBytes, { filename: "alice.jpg" });
  expect(res.statusCode).toBe(201);
  photo = imageCreatedSchema.parse(res.json()).image;
});

const req = (method: "GET" | "DELETE", url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {} });

describe("photos belong to their owner", () => {
  it("user B does not see A's photo in the list, the regions or the usage", async () => {
    expect(imageListSchema.parse((await req("GET", "/api/images", bob.cookie)).json()).images).toEqual([]);
    const regionId = (await req("GET", "/api/regions", alice.cookie)).json<{ regions: { id: string }[] }>()
      .regions[0]!.id;
    expect((await req("GET", `/api/images?region=${regionId}`, bob.cookie)).json()).toEqual({
      images: [],
      nextCursor: null,
    });
    expect((await req("GET", "/api/regions", bob.cookie)).json()).toEqual({ regions: [] });
    expect((await req("GET", "/api/storage/usage", bob.cookie)).json()).toMatchObject({ usedBytes: 0 });
    // …while A does.
    expect(imageListSchema.parse((await req("GET", "/api/images", alice.cookie)).json()).images).toEqual([
      photo,
    ]);
  });

  it("user B gets 404 for A's file and thumbnail, the same as for a key that does not exist", async () => {
    for (const url of [photo.image_url, photo.thumbnail_url, `/files/utility-poles/${alice.id}/nope.jpg`]) {
      const res = await req("GET", url, bob.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: "not_found", message: messages.imageNotFound });
      expect(res.body).not.toContain(photoBytes.subarray(0, 64).toString("latin1"));
    }
    expect(await samePixels((await req("GET", photo.image_url, alice.cookie)).rawPayload, photoBytes)).toBe(
      true,
    );
  });

  it("user B gets 404 for A's photo by id, the same as for an id that does not exist", async () => {
    for (const id of [photo.id, "0b6f1a3e-6a1e-4a5e-9b6e-0f6c1a2b3c4d"]) {
      const res = await req("GET", `/api/images/${id}`, bob.cookie);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ code: "not_found", message: messages.imageNotFound });
    }
    const own = await req("GET", `/api/images/${photo.id}`, alice.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ image: photo });
    expect((await req("GET", `/api/images/${photo.id}`)).statusCode).toBe(401);
  });

  it("user B gets 404 deleting A's photo, and it stays", async () => {
    const res = await req("DELETE", `/api/images/${photo.id}`, bob.cookie);
    expect(res.statusCode).toBe(404);
    expect(imageListSchema.parse((await req("GET", "/api/images", alice.cookie)).json()).images).toHaveLength(
      1,
    );
    expect((await listFiles(filesDir(t))).filter((f) => f.includes(photo.id))).toHaveLength(2);
  });

  it("anonymous callers get 401 'User not authenticated' everywhere", async () => {
    const calls: ["GET" | "DELETE", string][] = [
      ["GET", "/api/images"],
      ["GET", "/api/regions"],
      ["GET", "/api/storage/usage"],
      ["DELETE", `/api/images/${photo.id}`],
      ["GET", photo.image_url],
      ["GET", photo.thumbnail_url],
    ];
    for (const [method, url] of calls) {
      const res = await req(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ code: "unauthorized", message: messages.notAuthenticated });
    }
    const res = await upload(t, null, photoBytes);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: "unauthorized", message: messages.notAuthenticated });
  });

  it("a forged or tampered session cookie under the server's real cookie name is nobody", async () => {
    // The name as the server sets it at sign-in (better-auth with our cookie prefix).
    const pair = alice.cookie.split("; ").find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(pair, alice.cookie).toBeDefined();
    const value = decodeURIComponent(pair!.slice(SESSION_COOKIE.length + 1));
    const [token, signature] = value.split(".");
    expect(token && signature).toBeTruthy();
    const cookie = (v: string) => `${SESSION_COOKIE}=${encodeURIComponent(v)}`;
    // The control: this very cookie, alone, is alice, so what follows is read and refused.
    expect((await req("GET", "/api/images", cookie(value))).statusCode).toBe(200);
    const bobToken = decodeURIComponent(
      bob.cookie
        .split("; ")
        .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
        .slice(SESSION_COOKIE.length + 1),
    ).split(".")[0]!;
    const tampered = `${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "BB" : "AA"}`;
    for (const forged of [
      "forged.value",
      token!,
      `${token}.${tampered}`,
      `${bobToken}.${signature}`,
      `${token}.`,
    ]) {
      const res = await req("GET", "/api/images", cookie(forged));
      expect(res.statusCode, forged).toBe(401);
      expect(res.json()).toEqual({ code: "unauthorized", message: messages.notAuthenticated });
    }
  });

  it("paths that try to leave the bucket are 404, not files", async () => {
    for (const url of [
      "/files/../../etc/passwd",
      "/files/utility-poles/%2e%2e/%2e%2e/etc/passwd",
      "/files/",
    ]) {
      expect([404, 400]).toContain((await req("GET", url, alice.cookie)).statusCode);
    }
  });
});
