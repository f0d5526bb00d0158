import { describe, expect, it } from "vitest";
import { formatSize, runPool, uploadBlocker } from "./upload-checks";

const fileOf = (size: number) => new File([new Uint8Array(size)], "f.jpg", { type: "image/jpeg" });

describe("uploadBlocker", () => {
  it("asks for a file when there is none", () => {
    expect(uploadBlocker(0, [])).toBe("Please select at least one file");
  });

  it("allows exactly the quota and refuses one byte more", () => {
    expect(uploadBlocker(52_428_800 - 10, [fileOf(10)])).toBeNull();
    expect(uploadBlocker(52_428_800 - 10, [fileOf(11)])).toBe(
      "Upload would exceed storage limit. Current usage: 50MB/50MB. Upload would result in 51MB.",
    );
  });

  it("never names a refused total as the quota itself", () => {
    // 49.6 MB used and 0.8 MB new: 50.4 MB, over the quota, said as 51MB rather than 50MB.
    const used = Math.round(49.6 * 1_048_576);
    expect(uploadBlocker(used, [fileOf(Math.round(0.8 * 1_048_576))])).toBe(
      "Upload would exceed storage limit. Current usage: 50MB/50MB. Upload would result in 51MB.",
    );
  });

  it("adds up every new file", () => {
    expect(uploadBlocker(30 * 1_048_576, [fileOf(12 * 1_048_576), fileOf(12 * 1_048_576)])).toBe(
      "Upload would exceed storage limit. Current usage: 30MB/50MB. Upload would result in 54MB.",
    );
  });

  it("checks against the workspace's quota (a team's pool)", () => {
    const quota = 200 * 1_048_576;
    expect(uploadBlocker(30 * 1_048_576, [fileOf(24 * 1_048_576)], quota)).toBeNull();
    expect(uploadBlocker(190 * 1_048_576, [fileOf(12 * 1_048_576)], quota)).toBe(
      "Upload would exceed storage limit. Current usage: 190MB/200MB. Upload would result in 202MB.",
    );
  });
});

describe("uploadBlocker with a member's cap in a team", () => {
  const MB = 1_048_576;
  it("refuses what would pass the cap, naming the member's share, though the pool has room", () => {
    const cap = { usedBytes: 8 * MB, capBytes: 10 * MB };
    expect(uploadBlocker(100 * MB, [fileOf(2 * MB)], 500 * MB, cap)).toBeNull();
    expect(uploadBlocker(100 * MB, [fileOf(3 * MB)], 500 * MB, cap)).toBe(
      "Upload would exceed storage limit. Current usage: 8MB/10MB. Upload would result in 11MB.",
    );
  });

  it("still refuses what would pass the pool, though the cap has room", () => {
    const cap = { usedBytes: 0, capBytes: 400 * MB };
    expect(uploadBlocker(495 * MB, [fileOf(6 * MB)], 500 * MB, cap)).toBe(
      "Upload would exceed storage limit. Current usage: 495MB/500MB. Upload would result in 501MB.",
    );
  });
});

describe("formatSize", () => {
  it("uses KB below a megabyte and MB with one decimal above", () => {
    expect(formatSize(10)).toBe("1 KB");
    expect(formatSize(512 * 1024)).toBe("512 KB");
    expect(formatSize(1_572_864)).toBe("1.5 MB");
  });
});

describe("runPool", () => {
  it("never runs more than the limit at once and runs everything", async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5 * (n % 3)));
      running -= 1;
      done.push(n);
    });
    expect(peak).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
