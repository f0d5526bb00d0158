/**
 * Export: the filters (region, risk, dates, unplaced), bad queries as 400s naming the
 * field, who may export what (another user, a team viewer, nobody signed in) and the audit entry.
 */
import { auditListSchema, regionKey } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/setup";
import { createSignedInUser, type SignedInUser } from "../helpers/users";
import { addMember, createTeam, get, setActive } from "../workspaces/support";
import { featureCollectionSchema } from "./support";
import { exportFile, seedPhotos, uploadPhoto, type Uploaded } from "./photos";

let owner: SignedInUser;
let other: SignedInUser;
let viewer: SignedInUser;
let sydney: Uploaded;
let santiago: Uploaded;
let berlin: Uploaded;
let unplaced: Uploaded;

const t = useTestApp();
beforeAll(async () => {
  [owner, other, viewer] = await Promise.all([
    createSignedInUser(t),
    createSignedInUser(t),
    createSignedInUser(t),
  ]);
  ({ sydney, santiago, berlin, unplaced } = await seedPhotos(t, owner));
});

async function ids(who: SignedInUser, query: string): Promise<string[]> {
  const res = await exportFile(t, who, `format=geojson&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return featureCollectionSchema.parse(JSON.parse(res.body)).features.map((f) => f.properties.id);
}
const idsOf = (...list: Uploaded[]) => list.map((u) => u.record.id);

describe("export filters", () => {
  it("region= keeps that region's photos (the ids /api/regions gives)", async () => {
    const region = regionKey(sydney.record.longitude as number, sydney.record.latitude as number);
    const regions = (await get(t, owner, "/api/regions")).json<{ regions: { id: string }[] }>();
    expect(regions.regions.map((r) => r.id)).toContain(region);
    expect(await ids(owner, `region=${encodeURIComponent(region)}`)).toEqual(idsOf(sydney));
  });

  it("risk= is the photo's own risk; unrated means no rating", async () => {
    expect(await ids(owner, "risk=high")).toEqual(idsOf(sydney));
    expect(await ids(owner, "risk=unrated")).toEqual(idsOf(santiago, unplaced));
    expect(await ids(owner, "risk=low,high")).toEqual(idsOf(berlin, sydney));
    expect(await ids(owner, "risk=medium")).toEqual([]);
  });

  it("from= and to= bound the photo's date, both inclusive", async () => {
    expect(await ids(owner, "from=2024-05-01")).toEqual(idsOf(sydney, santiago, unplaced));
    expect(await ids(owner, "to=2024-05-01")).toEqual(idsOf(berlin, sydney));
    expect(await ids(owner, "from=2024-05-02&to=2024-06-10")).toEqual(idsOf(santiago));
  });

  it("unplaced=true keeps the photos without a position; filters combine", async () => {
    expect(await ids(owner, "unplaced=true")).toEqual(idsOf(unplaced));
    expect(await ids(owner, "unplaced=true&risk=high")).toEqual([]);
    expect(await ids(owner, "risk=unrated,high&from=2024-06-01")).toEqual(idsOf(santiago, unplaced));
  });

  it.each([
    ["format=dxf", "querystring.format"],
    ["format=gpkg&crs=2227", "querystring.crs"],
    ["format=kml&crs=EPSG:2227", "querystring.crs"],
    ["format=csv&layer=findings&risk=high", "querystring.risk"],
    ["", "querystring.format"],
    ["format=csv&risk=severe", "querystring.risk"],
    ["format=csv&from=2024-13-01", "querystring.from"],
    ["format=csv&to=01.05.2024", "querystring.to"],
    ["format=csv&from=2024-06-02&to=2024-06-01", "querystring.to"],
    ["format=csv&unplaced=yes", "querystring.unplaced"],
  ])("a bad query (%s) is a 400 naming the field", async (query, field) => {
    const res = await exportFile(t, owner, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_request", field });
  });

  it("a region id that /api/regions would not give is a 400 invalid_region", async () => {
    const res = await exportFile(t, owner, "format=kml&region=abc");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_region" });
  });
});

describe("who exports what", () => {
  it("another user's export is empty, in every format", async () => {
    expect(await ids(other, "")).toEqual([]);
    expect(await ids(other, `region=${regionKey(151.2, -33.9)}`)).toEqual([]);
    const csv = await exportFile(t, other, "format=csv");
    expect(csv.body.trim().split("\r\n")).toHaveLength(1);
    const kml = await exportFile(t, other, "format=kml");
    expect(kml.body).not.toContain("<Placemark");
  });

  it("nobody signed in gets a 401", async () => {
    const res = await exportFile(t, null, "format=csv");
    expect(res.statusCode).toBe(401);
  });

  it("HEAD runs no export: no route answers it, and no audit entry is written", async () => {
    const count = async () =>
      auditListSchema.parse((await get(t, owner, "/api/audit?action=export.download&limit=100")).json())
        .entries.length;
    const before = await count();
    const res = await t.app.inject({
      method: "HEAD",
      url: "/api/export?format=csv",
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it("a team viewer exports the team's photos (not the owner's personal ones), named after the team", async () => {
    const team = await createTeam(t, owner, "North Crew");
    await addMember(t, team, owner, viewer, "viewer");
    await setActive(t, owner, team);
    const teamPhoto = await uploadPhoto(t, owner, {
      gps: "N/W (New York)",
      date: "2024-01-02",
      filename: "ny.jpg",
      shade: 200,
    });
    await setActive(t, viewer, team);
    expect(await ids(viewer, "")).toEqual(idsOf(teamPhoto));
    const res = await exportFile(t, viewer, "format=csv");
    expect(res.headers["content-disposition"]).toMatch(
      /filename="poleatlas-crew-[0-9a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    await setActive(t, owner, null);
  });

  it("each export is recorded in the audit trail with its format and filters", async () => {
    await exportFile(t, owner, "format=kml&risk=high,unrated&from=2024-01-01");
    const res = await get(t, owner, "/api/audit?action=export.download&limit=1");
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = auditListSchema.parse(res.json()).entries;
    expect(entry).toMatchObject({
      action: "export.download",
      actor_email: owner.email,
      target_type: "workspace",
      target_id: owner.id,
      details: { format: "kml", filters: { risk: ["high", "unrated"], from: "2024-01-01" } },
    });
  });
});
