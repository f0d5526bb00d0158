/** The pole's history as it reads: finding and visit entries as sentences, the others as before. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { AuditEntry } from "@poleatlas/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { PoleHistory } from "./pole-history";

afterEach(() => {
  vi.unstubAllGlobals();
});

const base = { actor_id: "u1", actor_email: "owner@example.test" };
const names = {
  "pole-1": { kind: "pole", label: "SF-1042", latitude: 37.78081, longitude: -122.408 },
  f1: {
    kind: "finding",
    code: "crossarm",
    level: 2,
    pole: "SF-1042",
    latitude: 37.78081,
    longitude: -122.408,
  },
  u2: { kind: "person", name: "Dana Lee", email: "dana@example.test" },
  u1: { kind: "person", name: "Olga Owner", email: "owner@example.test" },
} as const;
const ENTRIES: AuditEntry[] = [
  {
    ...base,
    at: "2026-06-02T10:00:00.000Z",
    action: "visit.record",
    target_type: "pole",
    target_id: "pole-1",
    details: {
      after: {
        pole_id: "pole-1",
        type: "detailed",
        type_name: "Detailed",
        inspectedOn: "2026-06-01",
        result: "no-defects",
      },
    },
    names,
  },
  {
    ...base,
    at: "2026-06-01T10:00:00.000Z",
    action: "finding.assign",
    target_type: "finding",
    target_id: "f1",
    details: { before: { assignee_id: null }, after: { assignee_id: "u2" } },
    names,
  },
  {
    ...base,
    at: "2026-05-01T10:00:00.000Z",
    action: "pole.update",
    target_type: "pole",
    target_id: "pole-1",
    details: { before: { tag: null }, after: { tag: "SF-1042" } },
    names,
  },
];

describe("PoleHistory", () => {
  it("reads finding and visit entries as sentences with tags, names and types", async () => {
    fakeServer({
      "GET /api/poles/pole-1/history": () => ({ status: 200, body: { entries: ENTRIES, nextCursor: null } }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PoleHistory poleId="pole-1" />
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByTestId("history-entry");
    const primary = rows.map((r) => r.querySelector(".MuiListItemText-primary")?.textContent);
    expect(primary).toEqual([
      "Detailed inspection of pole SF-1042 recorded for 2026-06-01: No defects found",
      "Finding crossarm (Level 2) on pole SF-1042 assigned to Dana Lee",
      "Pole edited: pole SF-1042",
    ]);
    expect(rows[1]).toHaveTextContent("Olga Owner (owner@example.test)");
    expect(rows[2]).toHaveTextContent("tag: — → SF-1042");
    for (const row of rows) expect(row.textContent).not.toMatch(/type: —|u2|\{/);
  });
});
