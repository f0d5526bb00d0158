/**
 * Every photos route checks its params and query against the shared schemas: a bad value is a 400
 * naming the field (never a 500), and the photos module's own codes stay where clients expect them.
 */
import { imageCreatedSchema, messages } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { upload } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);

const req = (method: "GET" | "DELETE", url: string) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie } });

describe("bad params and queries are a 400 naming the field", () => {
  it("an id that is not a UUID", async () => {
    for (const [method, url] of [
      ["DELETE", "/api/images/not-a-uuid"],
      ["GET", "/api/images/not-a-uuid"],
      ["GET", "/api/images/0b6f1a3e-6a1e-4a5e-9b6e-0f6c1a2b3c4dXX"],
    ] as const) {
      const res = await req(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toMatchObject({ code: "invalid_request", field: "params.id" });
    }
  });

  it("a limit that is not 1…1000", async () => {
    for (const limit of ["0", "-1", "1001", "abc", "1.5"]) {
      const res = await req("GET", `/api/images?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json()).toMatchObject({ code: "invalid_request", field: "querystring.limit" });
    }
  });

  it("a region twice", async () => {
    const res = await req("GET", "/api/images?region=1,2&region=3,4");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_request", field: "querystring.region" });
  });

  it("keeps invalid_region and invalid_cursor for values of the right type", async () => {
    const region = await req("GET", "/api/images?region=nowhere");
    expect(region.statusCode).toBe(400);
    expect(region.json()).toEqual({ code: "invalid_region", message: messages.invalidRegion });
    const forged = Buffer.from(JSON.stringify(["2024-02-31", "x", "y"])).toString("base64url");
    for (const cursor of ["garbage", forged]) {
      const res = await req("GET", `/api/images?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toEqual({ code: "invalid_cursor", message: messages.invalidCursor });
    }
    // NUL is refused in any query value before the route's own checks.
    const nul = await req("GET", "/api/images?cursor=%00");
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      code: "invalid_request",
      message: messages.unstorableText("querystring.cursor"),
    });
  });
});

describe("GET /files/<key> with NUL or control characters", () => {
  it("is a 404 like any key that is not the caller's, never a 500", async () => {
    const { bytes } = await makePhoto({});
    const image = imageCreatedSchema.parse((await upload(t, user.cookie, bytes)).json()).image;
    for (const url of [
      `${image.image_url}%00`,
      `${image.image_url}%00.jpg`,
      "/files/utility-poles/%00",
      `/files/utility-poles/${user.id}/%01%0a.jpg`,
    ]) {
      const res = await req("GET", url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: "not_found", message: messages.imageNotFound });
    }
  });
});
