import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { poleSummary } from "../../../test/records";
import { refreshPoles } from "./pole-cache";
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
