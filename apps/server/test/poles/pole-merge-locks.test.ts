/**
 * The merge holds the lock of every uploader whose photo it moves. The set of uploaders is read
 * before the locks are taken (they are taken with the workspace's, sorted, as uploads take
 * them), so a teammate's photo that joins the pole in between must be seen under the lock and
 * its uploader locked too before anything moves.
 */
import { describe, expect, it } from "vitest";
import { createImagesRepository } from "../../src/modules/photos/images.repository";
import { createPoleMerge } from "../../src/modules/poles/pole-merge";
import { createPolesRepository } from "../../src/modules/poles/poles.repository";
import { useTestApp } from "../helpers/setup";
import { createSignedInUser } from "../helpers/users";
import { createTeamWith } from "../workspaces/support";
import { poleRecord } from "./import-support";
import { placedPhoto } from "./support";

const t = useTestApp();

describe("the merge's locks", () => {
  it("locks the uploader of a photo that joined the pole after the uploaders were first read", async () => {
    const lead = await createSignedInUser(t);
    const member = await createSignedInUser(t);
    const team = await createTeamWith(t, lead, [[member, "member"]]);
    const from = await placedPhoto(t, lead.cookie, 37.1, -82.1);
    const into = await placedPhoto(t, lead.cookie, 37.2, -82.1);

    const db = t.db.database.db;
    const real = createImagesRepository(db);
    const lockedKeys: string[][] = [];
    let joined = false;
    const images: typeof real = {
      ...real,
      // Between the first read and the locks, the member's photo joins the pole.
      async uploadersOnPole(workspaceId, poleId, tx) {
        const found = await real.uploadersOnPole(workspaceId, poleId, tx);
        if (!joined && tx === undefined) {
          joined = true;
          const late = await placedPhoto(t, member.cookie, from.latitude!, from.longitude!);
          expect(late.pole_id).toBe(from.pole_id);
        }
        return found;
      },
      withLocks(keys, fn) {
        lockedKeys.push(keys);
        return real.withLocks(keys, fn);
      },
    };
    const merge = createPoleMerge({
      poles: createPolesRepository(db),
      images,
      audit: async () => {},
      publish: async () => {},
    });
    const actor = { userId: lead.id, email: lead.email, workspaceId: team, role: "owner" as const };

    const result = await merge.merge(actor, from.pole_id!, into.pole_id!);
    expect(result.moved.photos).toBe(2);
    // The locks the photos moved under: the workspace's, the lead's and the member's.
    expect([...lockedKeys.at(-1)!].sort()).toEqual([team, lead.id, member.id].sort());
    expect((await poleRecord(t, lead, into.pole_id!)).pole.photo_count).toBe(3);
  });
});
