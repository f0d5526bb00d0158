/**
 * Imported poles on the map: a photo 4 m from one joins it (the nearest wins), the pole stays when
 * its photo leaves, and an imported pole without photos is drawn in its region and counted as
 * unrated; regions then count poles, and a region with imported poles only is listed.
 */
import { poleMarkersSchema, regionKey, regionListSchema } from "@poleatlas/shared";
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
  it("take the photos taken beside them, the nearest first, and stay when they leave", async () => {
    const lat = 45.0;
    const lon = 9.0;
    const csv = `tag,lat,lon\nA-1,${lat},${lon}\nA-2,${lat + 8 / METRES_PER_DEGREE},${lon}\n`;
    expect(await imported(t, owner, csv)).toMatchObject({ created: 2 });
    const [a1, a2] = await polesOf(t, owner.id);
    // 4 m north of A-1 (and 4 m from A-2 too, but 3 m is nearer): 3 m north joins A-1.
    const photo = await placedPhoto(t, owner.cookie, lat + 3 / METRES_PER_DEGREE, lon);
    expect(photo.pole_id).toBe(a1!.id);
    const beside = await placedPhoto(t, owner.cookie, lat + 12 / METRES_PER_DEGREE, lon);
    expect(beside.pole_id).toBe(a2!.id);
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
