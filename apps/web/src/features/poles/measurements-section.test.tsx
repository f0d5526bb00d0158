/**
 * The record's Measurements section over the network boundary: heights in the workspace's units
 * with who, when and which photo; the empty, loading-failed and viewer states; a suggestion added
 * as a finding in one click (then "Finding added"); the lean with its suggestion; deleting after a
 * question.
 */
import { ThemeProvider, createTheme } from "@mui/material";
import {
  DEFAULT_MEASURE_SETTINGS,
  formatDateTime,
  type Finding,
  type Measurement,
  type MeasureSettings,
  type PoleLean,
  type PoleTimeline,
} from "@poleatlas/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../test/fake-server";
import { finding, photo, poleSummary } from "../../test/records";
import { usePoleTimeline } from "./api/get-pole";
import { PoleRecordPanel } from "./components/pole-record";

afterEach(() => vi.unstubAllGlobals());

const MEASURED: Measurement = {
  id: "m1",
  pole_id: "pole-1",
  image_id: "p1",
  created_at: "2026-05-04T10:20:30.000Z",
  created_by: "crew@example.test",
  points: [
    { kind: "communication", label: "CATV", height_m: 4.5, uncertainty_m: 0.031 },
    { kind: "power_conductor", label: null, height_m: 9.1, uncertainty_m: 0.06 },
  ],
  suggestions: [
    {
      code: "clearance",
      level: 2,
      reason: 'Communication "CATV" measured at 4.50 m, below the minimum of 4.72 m',
    },
  ],
  reference: [{ at: [10, 20], height_m: 0 }],
  verticals: null,
};

const LEAN: PoleLean = {
  degrees: 7.04,
  toward_deg: 250,
  apparent: false,
  measured_at: "2026-05-05T08:00:00.000Z",
};

function timeline(findings: Finding[], lean: PoleLean | null = null): PoleTimeline {
  return {
    pole: {
      ...poleSummary({ id: "pole-1", tag: "LIV-1", lean }),
      condition: "unrated",
      overdue: false,
      inspection: { state: "current", lastInspectedOn: null, dueOn: null },
    },
    images: [photo({ id: "p1", pole_id: "pole-1", name: "stick.jpg" })],
    findings,
  };
}

function Record(props: { canEdit: boolean; onMeasure?: () => void; onOpenPhoto?: (id: string) => void }) {
  const { data } = usePoleTimeline("pole-1");
  if (!data) return null;
  return <PoleRecordPanel record={data} regionName={null} onClose={vi.fn()} {...props} />;
}

interface Setup {
  measurements?: Measurement[];
  lean?: PoleLean | null;
  settings?: Partial<MeasureSettings>;
  listStatus?: number;
  canEdit?: boolean;
  onMeasure?: () => void;
  onOpenPhoto?: (id: string) => void;
}

function renderRecord(setup: Setup = {}) {
  const findings: Finding[] = [];
  let measurements = setup.measurements ?? [MEASURED];
  const lean = setup.lean ?? null;
  const server = fakeServer({
    "GET /api/poles/pole-1": () => ({ status: 200, body: timeline(findings, lean) }),
    "GET /api/poles/pole-1/history": () => ({ status: 200, body: { entries: [], nextCursor: null } }),
    "GET /api/poles/pole-1/measurements": () =>
      setup.listStatus
        ? { status: setup.listStatus, body: { code: "internal", message: "Database unavailable" } }
        : { status: 200, body: { measurements, lean } },
    "GET /api/workspace/settings": () => ({
      status: 200,
      body: { ...DEFAULT_MEASURE_SETTINGS, ...setup.settings },
    }),
    "POST /api/poles/pole-1/findings": (call) => {
      const body = call.body as { code: string; notes: string; measurement_id?: string; image_id?: string };
      const added = finding({
        id: `f${findings.length + 1}`,
        code: body.code,
        notes: body.notes,
        measurement_id: body.measurement_id ?? null,
        image_id: body.image_id ?? null,
      });
      findings.push(added);
      return { status: 201, body: { finding: added } };
    },
    "DELETE /api/measurements/m1": () => {
      measurements = [];
      return { status: 204, body: undefined };
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={createTheme()}>
        <Record canEdit={setup.canEdit ?? true} onMeasure={setup.onMeasure} onOpenPhoto={setup.onOpenPhoto} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return server;
}

const section = () => screen.findByTestId("measurements");

describe("the record's Measurements section", () => {
  it("lists heights in metres with their uncertainty, who measured, when and on which photo", async () => {
    const onOpenPhoto = vi.fn();
    const onMeasure = vi.fn();
    renderRecord({ onOpenPhoto, onMeasure });
    const item = await within(await section()).findByTestId("measurement");
    expect(item).toHaveTextContent('Communication "CATV": 4.50 m ± 0.04 m');
    expect(item).toHaveTextContent("Power conductor: 9.10 m ± 0.06 m");
    expect(item).toHaveTextContent(`by crew@example.test, ${formatDateTime(MEASURED.created_at)}`);
    await userEvent.click(within(item).getByRole("button", { name: "On photo stick.jpg" }));
    expect(onOpenPhoto).toHaveBeenCalledWith("p1");
    await userEvent.click(screen.getByRole("button", { name: "Measure a photo" }));
    expect(onMeasure).toHaveBeenCalledOnce();
  });

  it("shows feet and inches when the workspace says so", async () => {
    renderRecord({ settings: { units: "feet-inches" } });
    const item = await within(await section()).findByTestId("measurement");
    await waitFor(() => expect(item).toHaveTextContent('Communication "CATV": 14 ft 9 in ± 2 in'));
    expect(item).toHaveTextContent("Power conductor: 29 ft 10 in ± 3 in");
  });

  it("says when nothing was measured, and gives viewers no actions", async () => {
    renderRecord({ measurements: [], canEdit: false, onMeasure: vi.fn() });
    expect(
      await within(await section()).findByText("Nothing measured on this pole's photos yet."),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: "Measure a photo" })).toBeNull();
    renderRecord({ canEdit: false });
    const item = (await screen.findAllByTestId("measurement"))[0]!;
    expect(within(item).queryByRole("button", { name: "Delete measurement" })).toBeNull();
    expect(within(item).queryByRole("button", { name: "Add as finding" })).toBeNull();
  });

  it("says why the list failed and asks again on Try again", async () => {
    const server = renderRecord({ listStatus: 500 });
    const alert = await within(await section()).findByRole("alert");
    expect(alert).toHaveTextContent("Database unavailable");
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === "/api/poles/pole-1/measurements")).toHaveLength(2),
    );
  });

  it("adds a suggestion as a finding linked to the measurement and its photo, then says so", async () => {
    const server = renderRecord();
    const item = await within(await section()).findByTestId("measurement");
    await userEvent.click(within(item).getByRole("button", { name: "Add as finding" }));
    expect(server.calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      {
        code: "clearance",
        level: 2,
        notes: MEASURED.suggestions[0]!.reason,
        measurement_id: "m1",
        image_id: "p1",
      },
    ]);
    expect(await within(item).findByText("Finding added")).toBeVisible();
    expect(within(item).queryByRole("button", { name: "Add as finding" })).toBeNull();
  });

  it("shows the pole's lean in the record and suggests it past the workspace's threshold", async () => {
    const server = renderRecord({ measurements: [], lean: LEAN, settings: { leanThresholdDeg: 5 } });
    expect(await screen.findByTestId("pole-lean")).toHaveTextContent("Lean 7.0° toward 250° (W)");
    const lean = await within(await section()).findByTestId("measured-lean");
    expect(lean).toHaveTextContent(`measured ${formatDateTime(LEAN.measured_at)}`);
    await userEvent.click(within(lean).getByRole("button", { name: "Add as finding" }));
    expect(server.calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { code: "lean", level: 2, notes: "Pole leans 7.0°, more than 5.0°" },
    ]);
    expect(await within(lean).findByText("Finding added")).toBeVisible();
    expect(screen.queryByText("Nothing measured on this pole's photos yet.")).toBeNull();
  });

  it("deletes a measurement only once confirmed", async () => {
    const server = renderRecord();
    const item = await within(await section()).findByTestId("measurement");
    const deletes = () => server.calls.filter((c) => c.method === "DELETE");
    await userEvent.click(within(item).getByRole("button", { name: "Delete measurement" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    expect(deletes()).toEqual([]);
    // The closing dialog hides the record from the accessibility tree until it is gone.
    await userEvent.click(await within(item).findByRole("button", { name: "Delete measurement" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete measurement" }));
    await waitFor(() => expect(deletes().map((c) => c.path)).toEqual(["/api/measurements/m1"]));
    expect(
      await within(await section()).findByText("Nothing measured on this pole's photos yet."),
    ).toBeVisible();
  });
});
