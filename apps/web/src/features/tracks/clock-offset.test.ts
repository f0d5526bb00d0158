/** The offset from a sync photo: the time its clock shows − the camera's time for it. */
import { describe, expect, it } from "vitest";
import { formatOffset, syncOffsetSeconds } from "./clock-offset";

describe("a sync photo's clock offset", () => {
  // The camera wrote 08:14:30 on 1 March; the phone in the photo shows 09:16:35.
  const photo = "2026-03-01T08:14:30";

  it("is the shown time minus the camera's", () => {
    const offset = syncOffsetSeconds(photo, { date: "2026-03-01", time: "09:16:35" });
    expect(offset).toBe(3725);
    expect(formatOffset(offset!)).toBe("+1 h 02 min 05 s");
  });

  it("is negative for a camera that runs ahead, and reads the zone's clock as written", () => {
    expect(syncOffsetSeconds("2026-03-01T08:14:30+09:00", { date: "2026-03-01", time: "8:12:25" })).toBe(
      -125,
    );
    expect(formatOffset(-125)).toBe("-2 min 05 s");
  });

  it("crosses midnight by the typed date", () => {
    expect(syncOffsetSeconds("2026-03-01T23:59:50", { date: "2026-03-02", time: "00:00:10" })).toBe(20);
  });

  it("is no offset for a time that is none, a photo without time, or more than a week", () => {
    expect(syncOffsetSeconds(photo, { date: "2026-03-01", time: "25:00:00" })).toBeNull();
    expect(syncOffsetSeconds(photo, { date: "2026-03-01", time: "noon" })).toBeNull();
    expect(syncOffsetSeconds(null, { date: "2026-03-01", time: "09:00:00" })).toBeNull();
    expect(syncOffsetSeconds(photo, { date: "2026-04-01", time: "08:14:30" })).toBeNull();
  });

  it("writes small offsets without hours", () => {
    expect(formatOffset(0)).toBe("0 s");
    expect(formatOffset(59)).toBe("+59 s");
  });
});
