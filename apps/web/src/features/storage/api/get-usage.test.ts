import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { getStorageUsage } from "./get-usage";

function answer(status: number, body: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(body, { status }))),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("getStorageUsage", () => {
  it("keeps the server's code and message (it used to drop them)", async () => {
    answer(503, JSON.stringify({ code: "unavailable", message: "Database is starting" }));
    const err = await getStorageUsage().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: "unavailable", message: "Database is starting" });
  });

  it("reads the usage the server sends", async () => {
    answer(200, JSON.stringify({ usedBytes: 5, quotaBytes: 10 }));
    await expect(getStorageUsage()).resolves.toEqual({ usedBytes: 5, quotaBytes: 10 });
  });
});
