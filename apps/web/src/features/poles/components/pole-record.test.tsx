/**
 * The pole record: one risk with its reason (open findings first, else a photo's assessment),
 * the heading when a pole has neither tag nor label, the pole's history, and the phone's bottom
 * sheet closed by a swipe down from its top.
 */
import { ThemeProvider, createTheme } from "@mui/material";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { Finding, PoleTimeline } from "@poleatlas/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { finding as findingRecord, photo, poleSummary } from "../../../test/records";
import { InspectionFields } from "./inspection-fields";
import { PoleRecordPanel } from "./pole-record";

afterEach(() => {
  vi.unstubAllGlobals();
});

const POLE = poleSummary({ id: "pole-1", tag: "LIV-1", latitude: 52.5, longitude: 13.4 });

function finding(overrides: Partial<Finding> & { id: string }): Finding {
  return findingRecord({ code: "lean", created_by_email: "a@b.test", ...overrides });
}

const HISTORY = {
  entries: [
    {
      at: "2026-02-01T10:00:00.000Z",
      actor_id: "u1",
      actor_email: "a@b.test",
      action: "pole.update",
      target_type: "pole",
      target_id: "pole-1",
      details: { before: { tag: null }, after: { tag: "LIV-1" } },
      names: { "pole-1": { kind: "pole", label: "LIV-1", latitude: 52.5, longitude: 13.4 } },
    },
  ],
  nextCursor: null,
};

function renderRecord(
  record: Partial<PoleTimeline> = {},
  props: { sheet?: boolean; onClose?: () => void } = {},
) {
  fakeServer({ "GET /api/poles/pole-1/history": () => ({ status: 200, body: HISTORY }) });
  const timeline: PoleTimeline = {
    pole: {
      ...POLE,
      condition: "unrated",
      overdue: false,
      inspection: { state: "current", lastInspectedOn: null, dueOn: null },
    },
    images: [],
    findings: [],
    ...record,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={createTheme()}>
        <PoleRecordPanel
          record={timeline}
          regionName="Region 1"
          onClose={props.onClose ?? vi.fn()}
          canEdit={false}
          sheet={props.sheet}
        />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return screen.getByTestId("pole-record");
}

const riskLine = () => within(screen.getByTestId("pole-risk"));

describe("PoleRecordPanel: one risk", () => {
  it("is what the open findings say, the worst level's, over a photo's rating", () => {
    renderRecord({
      images: [photo({ id: "p1", pole_id: "pole-1", risk: "low", date: "2026-01-02" })],
      findings: [
        finding({ id: "f1", level: 2 }),
        finding({ id: "f2", level: 1 }),
        finding({ id: "f3", level: 1, status: "resolved" }),
      ],
    });
    expect(riskLine().getByText("High: 1 open Level 1 finding")).toBeVisible();
  });

  it("is the latest rated photo's assessment, dated, while no finding is open", () => {
    renderRecord({
      images: [
        photo({ id: "p1", pole_id: "pole-1", risk: "high", date: "2025-05-01" }),
        photo({ id: "p2", pole_id: "pole-1", risk: "medium", date: "2026-01-02" }),
        photo({ id: "p3", pole_id: "pole-1", risk: null, date: "2026-02-02" }),
      ],
      findings: [finding({ id: "f1", status: "resolved" })],
    });
    expect(riskLine().getByText(/^Medium: assessed on .+ \(no open findings\)$/)).toBeVisible();
  });

  it("says when there is neither", () => {
    renderRecord();
    expect(riskLine().getByText("Not rated: no open findings and no assessment")).toBeVisible();
  });

  it("names the quick rating the photo's assessment while a finding is open", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <InspectionFields photo={photo({ id: "p1", risk: "low" })} readOnly assessmentOnly />
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole("group", { name: "Assessment of this photo" })[0]).toBeVisible();
    expect(screen.queryByRole("group", { name: "Risk" })).not.toBeInTheDocument();
    expect(screen.getByText(/the pole's risk is the findings'/)).toBeVisible();
  });
});

describe("PoleRecordPanel", () => {
  it("is headed by the pole's position when it has neither tag nor label, and shows its history", async () => {
    const record = renderRecord({ pole: { ...POLE, tag: null, label: "" } as PoleTimeline["pole"] });
    expect(
      within(record).getByRole("heading", { level: 2, name: "Pole at 52.500000, 13.400000" }),
    ).toHaveFocus();
    expect(await within(record).findByTestId("history-entry")).toHaveTextContent("tag: — → LIV-1");
  });

  it("closes as a bottom sheet on a swipe down from its top, not on a short drag or a swipe up", () => {
    const onClose = vi.fn();
    const record = renderRecord({}, { sheet: true, onClose });
    expect(record).toHaveAttribute("data-layout", "sheet");
    const top = within(record).getByRole("heading", { level: 2 });
    const swipe = (fromY: number, toY: number) => {
      fireEvent.touchStart(top, { touches: [{ clientY: fromY }] });
      fireEvent.touchEnd(top, { changedTouches: [{ clientY: toY }] });
    };
    swipe(100, 140);
    swipe(300, 100);
    expect(onClose).not.toHaveBeenCalled();
    swipe(100, 200);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("is the side panel on wide screens, where a swipe does nothing", () => {
    const onClose = vi.fn();
    const record = renderRecord({}, { onClose });
    expect(record).toHaveAttribute("data-layout", "side");
    const top = within(record).getByRole("heading", { level: 2 });
    fireEvent.touchStart(top, { touches: [{ clientY: 100 }] });
    fireEvent.touchEnd(top, { changedTouches: [{ clientY: 300 }] });
    expect(onClose).not.toHaveBeenCalled();
  });
});
