/**
 * The cap on a workspace's distinct attribute names (each is a column of every export of the
 * poles layer): an import's row that would pass it is rejected naming the cap, an edit that would
 * pass it is a 400, and another workspace's names do not count.
 */
import { MAX_WORKSPACE_ATTRIBUTE_NAMES, poleTagResponseSchema } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { TEST_ORIGIN } from "../helpers/users";
import { get } from "../workspaces/support";
import { imported, polesOf } from "./import-support";

const t = useTestApp();
const owner = useSignedInUser(t);
const other = useSignedInUser(t);

/** Rows of 41 attributes each, every row its own names (the other cells empty): 41 × rows names. */
function register(rows: number, prefix = "n") {
  const names = Array.from({ length: 41 * rows }, (_, i) => `${prefix}${i}`);
  const lines = Array.from({ length: rows }, (_, r) =>
    [`T-${r + 1}`, 45 + r / 100, 7, ...names.map((_, i) => (Math.floor(i / 41) === r ? "x" : ""))].join(","),
  );
  return [["tag", "lat", "lon", ...names].join(","), ...lines].join("\n");
}

const patch = (id: string, attributes: Record<string, string>) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/poles/${id}`,
    headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    payload: { attributes },
  });

describe("a workspace's attribute names", () => {
  it(`are at most ${MAX_WORKSPACE_ATTRIBUTE_NAMES}: a row past them is rejected, an edit is a 400`, async () => {
    expect(MAX_WORKSPACE_ATTRIBUTE_NAMES).toBe(200);
    // 5 rows of 41 names: the fifth would make 205.
    const result = await imported(t, owner, register(5));
    expect(result.created).toBe(4);
    expect(result.rejected.map((r) => r.row)).toEqual([6]);
    expect(result.rejected[0]?.reason).toMatch(/would pass the 200 attribute names a workspace keeps/);
    expect(await polesOf(t, owner.id)).toHaveLength(4);

    // A pole without attributes takes 36 new names (200 in all), not a 37th.
    expect((await imported(t, owner, "tag,lat,lon\nT-9,46,7")).created).toBe(1);
    const found = await get(t, owner, "/api/poles?tag=T-9");
    const id = poleTagResponseSchema.parse(found.json()).poles[0]!.id;
    const names = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, "y"]));
    expect((await patch(id, names(36))).statusCode).toBe(200);
    const past = await patch(id, { ...names(36), q: "z" });
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json()).toMatchObject({ code: "too_many_attribute_names" });
    expect(past.json<{ message: string }>().message).toMatch(/at most 200 attribute names/);
    // One name for another keeps 200.
    expect((await patch(id, { ...names(35), q: "z" })).statusCode).toBe(200);
    expect((await polesOf(t, owner.id)).find((p) => p.tag === "T-9")?.attributes).toEqual({
      ...names(35),
      q: "z",
    });
  });

  it("are counted per workspace", async () => {
    expect((await imported(t, other, register(4, "m"))).created).toBe(4);
  });
});
