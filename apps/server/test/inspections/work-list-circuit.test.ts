/**
 * The work list's circuit filter: any case, by the circuit's start ("mission-1104" finds
 * "Mission-1104" and "MISSION-1104-B"), the wildcards % and _ taken as themselves, an empty filter
 * still the poles without a circuit, and only the workspace's own findings.
 */
import { findingListSchema } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import type { SignedInUser } from "../helpers/users";
import { placedPhoto } from "../poles/support";
import { addFinding, get, send } from "./support";

const t = useTestApp({}, { today: () => "2026-06-01" });
const owner = useSignedInUser(t);
const outsider = useSignedInUser(t);

async function poleWithFinding(who: SignedInUser, lat: number, circuit: string | null) {
  const photo = await placedPhoto(t, who.cookie, lat, 5.5);
  const res = await send(t, who.cookie, "PATCH", `/api/poles/${photo.pole_id}`, { circuit });
  expect(res.statusCode, res.body).toBe(200);
  await addFinding(t, who.cookie, photo.pole_id!, { code: "lean", level: 2 });
}

async function circuitsFound(filter: string, who = owner): Promise<(string | null)[]> {
  const res = await get(t, who.cookie, `/api/findings?status=all&circuit=${encodeURIComponent(filter)}`);
  expect(res.statusCode, res.body).toBe(200);
  return findingListSchema
    .parse(res.json())
    .findings.map((f) => f.pole_circuit)
    .sort();
}

beforeAll(async () => {
  const circuits = ["Mission-1104", "MISSION-1104-B", "Mission-1105", "Bay_1", "Bay-1", "50%", "500", null];
  for (const [i, c] of circuits.entries()) await poleWithFinding(owner, 45 + i * 0.01, c);
  await poleWithFinding(outsider, 46, "Mission-1104");
});

describe("the work list's circuit filter", () => {
  it("finds circuits by their start in any case", async () => {
    expect(await circuitsFound("mission-1104")).toEqual(["MISSION-1104-B", "Mission-1104"]);
    expect(await circuitsFound("MISSION-110")).toEqual(["MISSION-1104-B", "Mission-1104", "Mission-1105"]);
    expect(await circuitsFound("Mission-1104-b")).toEqual(["MISSION-1104-B"]);
    expect(await circuitsFound("nowhere")).toEqual([]);
  });

  it("takes % and _ as themselves, and an empty filter as the poles without a circuit", async () => {
    expect(await circuitsFound("bay_")).toEqual(["Bay_1"]);
    expect(await circuitsFound("50%")).toEqual(["50%"]);
    expect(await circuitsFound("%")).toEqual([]);
    expect(await circuitsFound("")).toEqual([null]);
  });

  it("lists only the workspace's own findings", async () => {
    expect(await circuitsFound("mission", outsider)).toEqual(["Mission-1104"]);
  });
});
