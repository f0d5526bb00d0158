import type { WorkspaceEvent } from "@poleatlas/shared";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { invalidateFor } from "./live-invalidation";

const event = (e: Partial<WorkspaceEvent>): WorkspaceEvent => ({
  id: "1",
  type: "image.updated",
  workspace_id: "team-1",
  actor_id: "someone",
  image_ids: [],
  pole_ids: [],
  member_id: null,
  ...e,
});

/** A client holding every kind of query the map keeps; returns which are stale after `e`. */
function staleAfter(e: WorkspaceEvent): string[] {
  const client = new QueryClient();
  const keys = [
    ["images", "one", "photo-a"],
    ["images", "one", "photo-b"],
    ["images", "unplaced"],
    ["poles", "one", "pole-a"],
    ["poles", "one", "pole-b"],
    ["poles", { region: "8.5,47.4" }],
    ["regions"],
    ["storage", "usage"],
    ["workspaces"],
    ["admin", "team-1", "members"],
    ["findings", "summary", null],
    ["session"],
  ];
  for (const key of keys) {
    // Timelines as GET /api/poles/:id answers them: the pole and its photos.
    const pole = key[0] === "poles" && key[1] === "one" && typeof key[2] === "string" ? key[2] : null;
    const photo = pole === "pole-a" ? "photo-a" : "photo-b";
    client.setQueryData(key, pole ? { pole: { id: pole }, images: [{ id: photo }] } : { any: true });
  }
  invalidateFor(client, e);
  return keys
    .filter((key) => {
      const q = client.getQueryCache().find({ queryKey: key, exact: true });
      return q === undefined || q.state.isInvalidated;
    })
    .map((key) => JSON.stringify(key));
}

describe("what a live change makes stale", () => {
  it("a rating: the photo, its pole's timeline, the markers, the region counts and findings' counts", () => {
    expect(staleAfter(event({ image_ids: ["photo-a"], pole_ids: ["pole-a"] }))).toEqual([
      '["images","one","photo-a"]',
      '["images","unplaced"]',
      '["poles","one","pole-a"]',
      '["poles",{"region":"8.5,47.4"}]',
      '["regions"]',
      '["findings","summary",null]',
    ]);
  });

  it("a pole label or finding: its timeline, the markers, the regions, the work list and dashboard", () => {
    expect(staleAfter(event({ type: "pole.updated", pole_ids: ["pole-b"] }))).toEqual([
      '["poles","one","pole-b"]',
      '["poles",{"region":"8.5,47.4"}]',
      '["regions"]',
      '["findings","summary",null]',
    ]);
  });

  it("a deletion: the photo goes, and usage is read again", () => {
    const stale = staleAfter(event({ type: "image.deleted", image_ids: ["photo-b"], pole_ids: ["pole-b"] }));
    expect(stale).toContain('["images","one","photo-b"]');
    expect(stale).toContain('["storage","usage"]');
    expect(stale).not.toContain('["images","one","photo-a"]');
  });

  it("a membership change: the workspaces and that team's administration", () => {
    expect(staleAfter(event({ type: "member.changed", member_id: "u" }))).toEqual([
      '["workspaces"]',
      '["admin","team-1","members"]',
    ]);
  });
});
