import { describe, expect, it } from "vitest";
import { formatPhotoDate } from "../features/images/lib/format";
import { photo as photoRecord } from "../test/records";
import { infoBoxDescription } from "./scene-helpers";

describe("the globe's info box", () => {
  it("writes the date as the panel does, in the user's locale, not as stored", () => {
    const photo = photoRecord({ id: "a", date: "2024-05-01", latitude: 52.52, longitude: 13.405 });
    for (const locale of ["en-US", "de-DE"]) {
      const html = infoBoxDescription(photo, locale);
      expect(html).toContain(`<p>${formatPhotoDate("2024-05-01", locale)}</p>`);
      expect(html).not.toContain("2024-05-01");
    }
    expect(infoBoxDescription(photoRecord({ id: "b", date: null, latitude: 1, longitude: 2 }))).toContain(
      "No date available",
    );
  });
});
