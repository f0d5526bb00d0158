/**
 * Imported poles on the map: a photo between two of them is offered both, the nearer first (the
 * pole rule without a bearing joins only the one register pole within 25 m), the pole stays when
 * its photo leaves, and an imported pole without photos is drawn in its region and counted as
 * unrated; regions then count poles, and a region with imported poles only is listed.
 */
import { imageResponseSchema, poleMarkersSchema, regionKey, regionListSchema } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { get } from "../workspaces/support";
import { imported, polesOf } from "./import-support";
import { METRES_PER_DEGREE, patchImage, placedPhoto } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);
const plain = useSignedInUser(t);

const regions = async (who: typeof owner) =>
  regionListSchema.parse((await get(t, who, "/api/regions")).json()).regions;

describe("imported poles on the map", () => {
  it("are offered to photos between them, nearest first, and stay when their photo leaves", async () => {
    const lat = 45.0;
    const lon = 9.0;
    const csv = `tag,lat,lon\nA-1,${lat},${lon}\nA-2,${lat + 8 / METRES_PER_DEGREE},${lon}\n`;
    expect(await imported(t, owner, csv)).toMatchObject({ created: 2 });
    const [a1, a2] = await polesOf(t, owner.id);
    // 3 m north of A-1 and 5 m from A-2, without a bearing: two register poles within 25 m, so
    // the photo waits with both offered, the nearer first; the member's choice places it.
    const photo = await placedPhoto(t, owner.cookie, lat + 3 / METRES_PER_DEGREE, lon);
    expect(photo.pole_id).toBeNull();
    const asked = await patchImage(t, owner.cookie, photo.id, { latitude: photo.latitude!, longitude: lon });
    const offered = imageResponseSchema.parse(asked.json()).pole_candidates ?? [];
    expect(offered.map((c) => c.tag)).toEqual(["A-1", "A-2"]);
    expect((await patchImage(t, owner.cookie, photo.id, { pole_id: a1!.id })).statusCode).toBe(200);
    const beside = await placedPhoto(t, owner.cookie, lat + 12 / METRES_PER_DEGREE, lon);
    expect(beside.pole_id).toBeNull();
    expect((await patchImage(t, owner.cookie, beside.id, { pole_id: a2!.id })).statusCode).toBe(200);
    // Moved to A-2: A-1 keeps standing without photos.
    expect((await patchImage(t, owner.cookie, photo.id, { pole_id: a2!.id })).statusCode).toBe(200);
    expect((await polesOf(t, owner.id)).map((p) => [p.tag, p.photo_count])).toEqual([
      ["A-1", 0],
      ["A-2", 2],
    ]);
  });

  it("are drawn in their region, unrated, and regions count poles", async () => {
    const region = regionKey(9.0, 45.0);
    const markers = poleMarkersSchema.parse((await get(t, owner, `/api/poles?region=${region}`)).json());
    expect(markers.ids).toHaveLength(2);
    expect([...markers.counts].sort()).toEqual([0, 2]);
    const listed = (await regions(owner)).find((r) => r.id === region);
    expect(listed).toMatchObject({ count: 2, poles: 2, risk: { unrated: 2 } });

    // A region where only imported poles stand is listed too, after the photographed ones.
    expect(await imported(t, owner, "tag,lat,lon\nB-1,46.0,10.0\nB-2,46.01,10.01\n")).toMatchObject({
      created: 2,
    });
    const all = await regions(owner);
    const unvisited = all.find((r) => r.id === regionKey(10.0, 46.0));
    expect(unvisited).toMatchObject({ name: "Region 2", count: 0, poles: 2, risk: { unrated: 2 } });
    const drawn = poleMarkersSchema.parse(
      (await get(t, owner, `/api/poles?region=${regionKey(10.0, 46.0)}`)).json(),
    );
    expect(drawn.ids).toHaveLength(2);
  });

  it("leave a workspace that never imported as it was", async () => {
    await placedPhoto(t, plain.cookie, 45.0, 9.0);
    const [only] = await regions(plain);
    expect(only).toMatchObject({ count: 1, risk: { unrated: 1 } });
    expect(only).not.toHaveProperty("poles");
  });
});
