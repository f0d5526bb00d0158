import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, apiClient, apiErrorFrom } from "./api-client";

function answer(status: number, body: string, statusText = "") {
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(body, { status, statusText }))),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiClient", () => {
  it("turns a refusal into an ApiError with the server's status, code, message and field", async () => {
    answer(
      400,
      JSON.stringify({ code: "invalid_request", message: "limit is too big", field: "query.limit" }),
    );
    const err = await apiClient.get("/api/x", z.unknown()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: "invalid_request",
      message: "limit is too big",
      field: "query.limit",
    });
  });

  it("names the status when the answer is not our JSON (a proxy's page)", async () => {
    answer(502, "<html>Bad Gateway</html>", "Bad Gateway");
    await expect(apiClient.delete("/api/images/1")).rejects.toMatchObject({
      status: 502,
      code: "http_error",
      message: "502 Bad Gateway",
    });
  });

  it("reports an unreachable server as status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(apiClient.get("/api/regions", z.unknown())).rejects.toMatchObject({
      status: 0,
      code: "network_error",
    });
  });

  it("checks a success against the schema", async () => {
    const usage = z.object({ usedBytes: z.number(), quotaBytes: z.number() });
    answer(200, JSON.stringify({ usedBytes: 5, quotaBytes: 10 }));
    await expect(apiClient.get("/api/storage/usage", usage)).resolves.toEqual({
      usedBytes: 5,
      quotaBytes: 10,
    });
  });
});

describe("apiErrorFrom (also the upload's XHR path)", () => {
  it("uses the given fallback text when the body has no message", () => {
    expect(apiErrorFrom({ status: 500 }, "", "Failed to upload images. Please try again.")).toMatchObject({
      status: 500,
      code: "http_error",
      message: "Failed to upload images. Please try again.",
    });
  });
});
