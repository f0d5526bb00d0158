/**
 * Bad client input on POST /api/images is the client's problem: a 400, never a 500 (which would
 * also log an error for every broken or aborted request), and no temp file left behind.
 */
import { messages } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { filesDir, listFiles, multipartBody, tmpDir } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);

const post = (contentType: string, payload: Buffer) =>
  t.app.inject({
    method: "POST",
    url: "/api/images",
    headers: { cookie: user.cookie, "content-type": contentType },
    payload,
  });

describe("malformed multipart bodies", () => {
  it("answers 400 bad_request", async () => {
    const { bytes } = await makePhoto({});
    const good = multipartBody(bytes);
    const cases: [string, string, Buffer][] = [
      ["no boundary", "multipart/form-data", good.payload],
      ["body cut off in the file", good.contentType, good.payload.subarray(0, good.payload.length - 200)],
      ["body cut off in the headers", good.contentType, good.payload.subarray(0, 60)],
      ["garbage", good.contentType, Buffer.from("this is not multipart at all")],
    ];
    for (const [title, contentType, payload] of cases) {
      const res = await post(contentType, payload);
      expect(res.statusCode, `${title}: ${res.body}`).toBe(400);
      expect(res.json(), title).toEqual({ code: "bad_request", message: messages.uploadFailed });
    }
    expect(await listFiles(tmpDir(t))).toEqual([]);
    expect((await listFiles(filesDir(t))).filter((f) => f.includes(user.id))).toEqual([]);
  });
});
