import { describe, expect, it } from "vitest";
import { formatLocation, formatPhotoDate } from "./format";

describe("formatPhotoDate", () => {
  it("shows the record's day in the locale, without a time-zone shift", () => {
    expect(formatPhotoDate("2024-05-01", "en-US")).toBe("5/1/2024");
    expect(formatPhotoDate("2024-05-01", "de-DE")).toBe("1.5.2024");
    expect(formatPhotoDate("2023-12-31", "en-GB")).toBe("31/12/2023");
  });

  it("says 'No date available' without a usable date", () => {
    expect(formatPhotoDate(null)).toBe("No date available");
    expect(formatPhotoDate(undefined)).toBe("No date available");
    expect(formatPhotoDate("")).toBe("No date available");
    expect(formatPhotoDate("yesterday")).toBe("No date available");
  });
});

describe("formatLocation", () => {
  it("writes latitude and longitude to 6 decimals", () => {
    expect(formatLocation(52.52, 13.405)).toBe("52.520000, 13.405000");
    expect(formatLocation(-33.86882, 151.20929)).toBe("-33.868820, 151.209290");
    expect(formatLocation(0, -0.1234567)).toBe("0.000000, -0.123457");
  });

  it("says 'No location data available' when either is missing", () => {
    expect(formatLocation(null, 13)).toBe("No location data available");
    expect(formatLocation(52, null)).toBe("No location data available");
    expect(formatLocation(undefined, undefined)).toBe("No location data available");
    expect(formatLocation(Number.NaN, 1)).toBe("No location data available");
  });
});
