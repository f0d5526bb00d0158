/**
 * A live-update stream is one call that lasts: it holds only while the credential that opened it
 * does. An API key follows its own workspace and no other of its user's, and a stream the caller
 * may not read is refused before it opens.
 */
import { messages } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { createKey, withKey } from "../api-keys/support";
import { openEventStream, waitForStreams } from "../helpers/event-stream";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createTeam, setActive } from "../workspaces/support";

const t = useTestApp();
const owner = useSignedInUser(t);

let url = "";
let team = "";
let otherTeam = "";
beforeAll(async () => {
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  otherTeam = await createTeam(t, owner, "Substation crew");
  team = await createTeam(t, owner, "Line crew east");
  await setActive(t, owner, team);
});

describe("an API key's live events", () => {
  it("follows the key's own workspace, and no other workspace of its user", async () => {
    const { key } = await createKey(t, owner, "read");
    const own = await openEventStream(url, "", { headers: withKey(key) });
    expect(own.status).toBe(200);
    own.close();
    const named = await openEventStream(url, "", { workspace: team, headers: withKey(key) });
    expect(named.status).toBe(200);
    named.close();

    for (const workspace of [owner.id, otherTeam]) {
      const refused = await openEventStream(url, "", { workspace, headers: withKey(key) });
      expect(refused.status, workspace).toBe(403);
      expect(refused.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(await refused.body)).toMatchObject({ message: messages.notAMember });
    }
    // The same user's session may follow either.
    const bySession = await openEventStream(url, owner.cookie, { workspace: otherTeam });
    expect(bySession.status).toBe(200);
    bySession.close();
    await waitForStreams(() => t.app.liveEvents.openCount, 0);
  });
});
