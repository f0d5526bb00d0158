import { MAX_VISIT_LINKS } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { photo } from "../../../test/records";
import { visitsFromPhotos } from "./photo-visits";

describe("visitsFromPhotos", () => {
  it("names a pole's day's photos up to the API's limit, the visit still counted past it", () => {
    const photos = Array.from({ length: MAX_VISIT_LINKS + 5 }, (_, i) =>
      photo({ id: `p${i}`, pole_id: "pole", date: "2024-05-01" }),
    );
    const { visits, uncounted } = visitsFromPhotos([...photos, photos[0]!], "patrol", "findings");
    expect(uncounted).toBe(0);
    expect(visits).toHaveLength(1);
    expect(visits[0]!.body.image_ids).toEqual(photos.slice(0, MAX_VISIT_LINKS).map((p) => p.id));
  });
});
