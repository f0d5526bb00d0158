import { describe, expect, it } from "vitest";
import { bytesToMB, usagePercent } from "./format";
import { messages } from "./messages";
import { STORAGE_QUOTA_BYTES, STORAGE_WARNING_BYTES } from "./constants";

describe("bytesToMB", () => {
  it("divides by 1048576 and rounds", () => {
    expect(bytesToMB(0)).toBe(0);
    expect(bytesToMB(524_287)).toBe(0);
    expect(bytesToMB(524_288)).toBe(1);
    expect(bytesToMB(STORAGE_WARNING_BYTES)).toBe(45);
    expect(bytesToMB(STORAGE_QUOTA_BYTES)).toBe(50);
  });
});

describe("usagePercent", () => {
  it("is clamped to 0..100", () => {
    expect(usagePercent(STORAGE_QUOTA_BYTES / 2, STORAGE_QUOTA_BYTES)).toBe(50);
    expect(usagePercent(STORAGE_QUOTA_BYTES * 2, STORAGE_QUOTA_BYTES)).toBe(100);
    expect(usagePercent(-1, STORAGE_QUOTA_BYTES)).toBe(0);
  });
});

describe("messages with numbers", () => {
  it("fill in the spec's sentences", () => {
    expect(messages.quotaExceeded(49)).toBe(
      "Storage limit exceeded. You have used 49MB of 50MB. Please reach out to your administrator to increase your storage limit.",
    );
    expect(messages.uploadWouldExceed(40, 55)).toBe(
      "Upload would exceed storage limit. Current usage: 40MB/50MB. Upload would result in 55MB.",
    );
  });
});
