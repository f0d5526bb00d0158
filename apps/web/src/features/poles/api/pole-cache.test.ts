import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { photo as imageRecord, poleSummary } from "../../../test/records";
import type { PoleTimeline } from "./get-pole";
import { dropPhotoFromTimelines, putPhotoInTimelines, refreshPoles } from "./pole-cache";
import { poleKeys } from "./pole-keys";

describe("refreshPoles", () => {
  it("leaves the timeline, history and locate photos of a pole whose last photo went, and refreshes the others", async () => {
    const queryClient = new QueryClient();
    const history = (id: string) => [...poleKeys.all, "history", id];
    queryClient.setQueryData(poleKeys.one("gone"), { pole: poleSummary({ id: "gone" }), images: [] });
    queryClient.setQueryData(history("gone"), { entries: [], names: {}, nextCursor: null });
    queryClient.setQueryData(history("kept"), { entries: [], names: {}, nextCursor: null });
    const candidates = (id: string) => [...poleKeys.all, "locate-candidates", id];
    queryClient.setQueryData(candidates("gone"), []);
    await refreshPoles(queryClient);
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(poleKeys.one("gone"))).toBe(false);
    expect(invalidated(history("gone"))).toBe(false);
    expect(invalidated(candidates("gone"))).toBe(false);
    expect(invalidated(history("kept"))).toBe(true);
  });
});

describe("putPhotoInTimelines and dropPhotoFromTimelines", () => {
  it("change the timelines and leave a pole's merge candidates, which are not one", () => {
    const queryClient = new QueryClient();
    const photo = imageRecord({ id: "p1", pole_id: "a", risk: "high" });
    queryClient.setQueryData(poleKeys.one("a"), {
      pole: poleSummary({ id: "a" }),
      images: [imageRecord({ id: "p1", pole_id: "a" })],
    });
    const offered = { poles: [] };
    queryClient.setQueryData(poleKeys.mergeCandidates("a"), offered);
    // Anything else cached under a timeline's key is passed over, not read as a timeline.
    queryClient.setQueryData([...poleKeys.one("a"), "merge-candidates"], offered);
    putPhotoInTimelines(queryClient, photo);
    expect(queryClient.getQueryData<PoleTimeline>(poleKeys.one("a"))?.images[0]?.risk).toBe("high");
    dropPhotoFromTimelines(queryClient, "p1");
    expect(queryClient.getQueryData<PoleTimeline>(poleKeys.one("a"))?.images).toEqual([]);
    expect(queryClient.getQueryData(poleKeys.mergeCandidates("a"))).toBe(offered);
    expect(queryClient.getQueryData([...poleKeys.one("a"), "merge-candidates"])).toBe(offered);
  });
});
