/**
 * Live updates across server processes: two apps on one database, each listening on its own port
 * as two processes behind a load balancer would. A change made through one reaches a stream
 * opened on the other (LISTEN/NOTIFY), a reconnecting stream gets what it missed, a stranger
 * cannot follow a team, and a removed member's stream ends with the reason.
 */
import { messages, workspaceEventSchema, type WorkspaceEvent } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dataOf, openEventStream, waitForStreams, type StreamEvent } from "../helpers/event-stream";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import type { TestApp } from "../helpers/app";
import { patchImage, placedPhoto } from "../poles/support";
import { addMember, createTeamWith, orgPost } from "../workspaces/support";

const a = useTestApp();
const b = useTestApp({}, { beside: a });
const owner = useSignedInUser(a);
const member = useSignedInUser(a);
const viewer = useSignedInUser(a);
const stranger = useSignedInUser(a);

const urls = { a: "", b: "" };
let team = "";
const TEAM_NAME = "Line crew north";

const listen = (t: TestApp): Promise<string> => t.app.listen({ port: 0, host: "127.0.0.1" });

beforeAll(async () => {
  urls.a = await listen(a);
  urls.b = await listen(b);
  team = await createTeamWith(a, owner, [[member, "member"]], TEAM_NAME);
  await addMember(a, team, owner, viewer, "viewer");
});

const change = (e: StreamEvent) => workspaceEventSchema.parse(dataOf(e));
const of = (type: WorkspaceEvent["type"], imageId?: string) => (e: StreamEvent) =>
  e.event === type && (imageId === undefined || change(e).image_ids.includes(imageId));

describe("GET /api/events across two server processes", () => {
  it("delivers a change made through one process to a stream open on the other", async () => {
    const stream = await openEventStream(urls.b, member.cookie, { workspace: team });
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(stream.headers["content-encoding"]).toBeUndefined();
    try {
      const photo = await placedPhoto(a, owner.cookie, 47.3769, 8.5417);
      const created = change(await stream.next(of("image.created", photo.id)));
      expect(created).toMatchObject({ workspace_id: team, actor_id: owner.id });

      const rated = await patchImage(a, owner.cookie, photo.id, { risk: "high" });
      expect(rated.statusCode, rated.body).toBe(200);
      const updated = await stream.next((e) => of("image.updated", photo.id)(e) && e.id !== undefined);
      const event = change(updated);
      expect(event.actor_id).toBe(owner.id);
      expect(event.pole_ids).toEqual([photo.pole_id]);
      expect(updated.id).toBe(event.id);
    } finally {
      stream.close();
    }
  });

  it("sends a viewer the team's changes too", async () => {
    const stream = await openEventStream(urls.a, viewer.cookie, { workspace: team });
    try {
      expect(stream.status).toBe(200);
      const photo = await placedPhoto(b, member.cookie, 47.38, 8.55);
      expect(change(await stream.next(of("image.created", photo.id))).actor_id).toBe(member.id);
    } finally {
      stream.close();
    }
  });

  it("replays what a stream missed from its Last-Event-ID, on either process", async () => {
    const first = await openEventStream(urls.a, member.cookie, { workspace: team });
    const photo = await placedPhoto(a, owner.cookie, 47.39, 8.56);
    const seen = await first.next(of("image.created", photo.id));
    first.close();
    await waitForStreams(() => a.app.liveEvents.openCount, 0);

    // Away: the owner rates the photo and labels its pole, through the other process.
    expect((await patchImage(b, owner.cookie, photo.id, { risk: "low" })).statusCode).toBe(200);
    const label = await b.app.inject({
      method: "PATCH",
      url: `/api/poles/${photo.pole_id}`,
      headers: { cookie: owner.cookie, origin: "http://localhost:8080" },
      payload: { label: "P-17" },
    });
    expect(label.statusCode, label.body).toBe(200);

    const again = await openEventStream(urls.b, member.cookie, { workspace: team, lastEventId: seen.id });
    try {
      const rated = change(await again.next(of("image.updated", photo.id)));
      const labelled = change(await again.next((e) => e.event === "pole.updated"));
      expect(labelled.pole_ids).toEqual([photo.pole_id]);
      expect(Number(labelled.id)).toBeGreaterThan(Number(rated.id));
      expect(again.events.some((e) => e.id === seen.id)).toBe(false);
    } finally {
      again.close();
    }
  });

  it("tells a client whose Last-Event-ID is unknown here to read everything again", async () => {
    const stream = await openEventStream(urls.a, member.cookie, {
      workspace: team,
      lastEventId: "999999999",
    });
    try {
      const reset = await stream.next((e) => e.event === "reset");
      expect(dataOf(reset)).toEqual({ reason: "gap" });
    } finally {
      stream.close();
    }
  });

  it("refuses another workspace to a non-member, and sends them only their own", async () => {
    const refused = await openEventStream(urls.b, stranger.cookie, { workspace: team });
    expect(refused.status).toBe(403);
    expect(JSON.parse(await refused.body)).toMatchObject({ code: "forbidden", message: messages.notAMember });

    const own = await openEventStream(urls.b, stranger.cookie);
    try {
      expect(own.status).toBe(200);
      const teamPhoto = await placedPhoto(a, owner.cookie, 47.4, 8.57);
      const mine = await placedPhoto(a, stranger.cookie, 46.9, 7.44);
      const created = change(await own.next(of("image.created", mine.id)));
      expect(created.workspace_id).toBe(stranger.id);
      expect(own.events.some((e) => e.data.includes(teamPhoto.id))).toBe(false);
    } finally {
      own.close();
    }
  });

  it("tells open streams to read everything again when the process's listener reconnects", async () => {
    const stream = await openEventStream(urls.b, owner.cookie, { workspace: team });
    try {
      // As when the embedded PostgreSQL restarts: the LISTEN connections are cut.
      await a.db.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
      );
      expect(dataOf(await stream.next((e) => e.event === "reset"))).toEqual({ reason: "reconnected" });
      // Listening again: the next change arrives live.
      const photo = await placedPhoto(a, owner.cookie, 47.41, 8.58);
      await stream.next(of("image.created", photo.id));
    } finally {
      stream.close();
    }
  });

  it("refuses a stream without a session", async () => {
    const res = await a.app.inject({ method: "GET", url: "/api/events" });
    expect(res.statusCode).toBe(401);
  });

  it("ends a removed member's stream at once, naming the team", async () => {
    const stream = await openEventStream(urls.b, member.cookie, { workspace: team });
    expect(stream.status).toBe(200);
    const removed = await orgPost(a, owner, "remove-member", {
      memberIdOrEmail: member.email,
      organizationId: team,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const notice = await stream.next((e) => e.event === "removed");
    expect(dataOf(notice)).toEqual({ workspace_id: team, name: TEAM_NAME });
    await stream.ended;
    await waitForStreams(() => b.app.liveEvents.openCount, 0);

    const again = await openEventStream(urls.b, member.cookie, { workspace: team });
    expect(again.status).toBe(403);
  });
});
