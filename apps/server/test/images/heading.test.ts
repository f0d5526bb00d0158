/**
 * The camera's heading: EXIF GPSImgDirection is stored with the photo (0 ≤ h < 360, null without
 * one), answered with it, and carried by the CSV and GeoJSON export.
 */
import { headingText, imageResponseSchema } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { upload } from "../helpers/uploads";
import { parseCsv } from "../export/support";

const t = useTestApp();
const user = useSignedInUser(t);

async function stored(heading?: { degrees: number; ref: "T" | "M" }) {
  const { bytes } = await makePhoto({ gps: { latitude: 48.8584, longitude: 2.2945 }, heading });
  const res = await upload(t, user.cookie, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return imageResponseSchema.parse(res.json()).image;
}

describe("the camera's heading", () => {
  it("is read from GPSImgDirection, and null without one", async () => {
    expect((await stored({ degrees: 47.25, ref: "T" })).heading).toBe(47.25);
    expect((await stored({ degrees: 359.5, ref: "M" })).heading).toBe(359.5);
    expect((await stored()).heading).toBeNull();
  });

  it("is said as a compass point and degrees", () => {
    expect(headingText(47.25)).toBe("looking NE, 47°");
    expect(headingText(359.6)).toBe("looking N, 0°");
    expect(headingText(200)).toBe("looking S, 200°");
  });

  it("travels with the export", async () => {
    const photo = await stored({ degrees: 123.45, ref: "T" });
    const csv = await t.app.inject({
      method: "GET",
      url: "/api/export?format=csv",
      headers: { cookie: user.cookie },
    });
    const [header, ...rows] = parseCsv(csv.body);
    const row = rows.find((r) => r[0] === photo.id)!;
    expect(row[header!.indexOf("heading")]).toBe("123.45");
    const geo = await t.app.inject({
      method: "GET",
      url: "/api/export?format=geojson",
      headers: { cookie: user.cookie },
    });
    const feature = geo
      .json<{ features: { id: string; properties: { heading: number | null } }[] }>()
      .features.find((f) => f.id === photo.id);
    expect(feature?.properties.heading).toBe(123.45);
  });
});
