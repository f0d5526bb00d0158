import { describe, expect, it } from "vitest";
import { nextAttempt } from "./account-lock.repository";

const s = { max: 3, windowSeconds: 900, lockSeconds: 600, nowMs: 10_000_000 };

describe("nextAttempt", () => {
  it("counts within the window and starts the lock at the max-th attempt", () => {
    expect(nextAttempt({ count: 0, since: s.nowMs }, s)).toEqual({ count: 1, since: s.nowMs });
    expect(nextAttempt({ count: 1, since: s.nowMs - 5000 }, s)).toEqual({ count: 2, since: s.nowMs - 5000 });
    expect(nextAttempt({ count: 2, since: s.nowMs - 5000 }, s)).toEqual({ count: 3, since: s.nowMs });
  });

  it("refuses while the lock lasts and starts again after it", () => {
    expect(nextAttempt({ count: 3, since: s.nowMs - 599_000 }, s)).toBe("refused");
    expect(nextAttempt({ count: 3, since: s.nowMs - 600_000 }, s)).toEqual({ count: 1, since: s.nowMs });
  });

  it("starts a new window once the old one has passed", () => {
    expect(nextAttempt({ count: 2, since: s.nowMs - 900_000 }, s)).toEqual({ count: 1, since: s.nowMs });
  });
});
