/** A pole's visits against a stand-in server: the list, 'Record visit', refused saves, viewers. */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  DEFAULT_INSPECTION_SETTINGS,
  formatDate,
  visitTexts,
  type TypeInspection,
  type Visit,
} from "@poleatlas/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, type Call } from "../../../test/fake-server";
import { PoleVisits } from "./pole-visits";
import { localToday } from "./visit-dialog";

afterEach(() => {
  vi.unstubAllGlobals();
});

function visit(overrides: Partial<Visit> & { id: string; inspected_on: string }): Visit {
  return {
    pole_id: "pole-1",
    pole_tag: "P-1",
    type: "detailed",
    type_name: "Detailed",
    inspector: null,
    result: "no-defects",
    notes: null,
    finding_ids: [],
    image_ids: [],
    source: "app",
    created_by: "u1",
    created_at: `${overrides.inspected_on}T10:00:00.000000Z`,
    ...overrides,
  };
}

const OLD = visit({ id: "v1", inspected_on: "2019-04-02", result: null, source: "photos" });
const PATROL = visit({
  id: "v2",
  inspected_on: "2025-05-06",
  type: "patrol",
  type_name: "Patrol",
  inspector: "A. Lineman",
  notes: "Vines on the guy",
  result: "findings",
});

/** `answer`: what the server says to a POST (a recorded visit unless told). */
function setup(opts: {
  visits?: Visit[];
  canEdit?: boolean;
  stateByType?: TypeInspection[];
  answer?: (call: Call) => { status: number; body: unknown } | undefined;
}) {
  let stored = [...(opts.visits ?? [])];
  const server = fakeServer({
    "GET /api/workspace/settings": () => ({
      status: 200,
      body: { ...DEFAULT_INSPECTION_SETTINGS, blurFaces: true },
    }),
    "GET /api/poles/pole-1/inspections": () => ({ status: 200, body: { inspections: stored } }),
    "POST /api/poles/pole-1/inspections": (call) => {
      const refused = opts.answer?.(call);
      if (refused) return refused;
      const body = call.body as { type: string; inspected_on: string; inspector?: string };
      const saved = visit({
        id: `v${stored.length + 10}`,
        ...body,
        type_name: body.type,
        inspector: body.inspector ?? null,
      });
      stored = [saved, ...stored];
      return { status: 201, body: { inspection: saved } };
    },
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <PoleVisits poleId="pole-1" canEdit={opts.canEdit ?? true} stateByType={opts.stateByType} />
    </QueryClientProvider>,
  );
  return server;
}

const rows = () => screen.queryAllByTestId("visit").map((r) => r.textContent);
const posts = (server: ReturnType<typeof fakeServer>) => server.calls.filter((c) => c.method === "POST");

async function fillForm(user: ReturnType<typeof userEvent.setup>, typeName: string) {
  const dialog = await screen.findByRole("dialog");
  await user.click(within(dialog).getByRole("combobox", { name: visitTexts.type }));
  await user.click(await screen.findByRole("option", { name: typeName }));
  await user.type(within(dialog).getByLabelText(visitTexts.inspector), "B. Crew");
  await user.click(within(dialog).getByRole("button", { name: visitTexts.results["no-defects"] }));
  await user.type(within(dialog).getByLabelText(visitTexts.notes), "All sound");
  return dialog;
}

describe("PoleVisits", () => {
  it("shows each inspection type's last visit, due day and lateness, Never where none", async () => {
    const line = (over: Partial<TypeInspection> & Pick<TypeInspection, "type" | "name">): TypeInspection => ({
      cycleYears: 2,
      lastInspectedOn: null,
      dueOn: null,
      state: "never",
      daysLate: null,
      ...over,
    });
    setup({
      visits: [PATROL],
      stateByType: [
        line({
          type: "patrol",
          name: "Patrol",
          lastInspectedOn: "2021-09-08",
          dueOn: "2023-09-08",
          state: "overdue",
          daysLate: 1186,
        }),
        line({
          type: "detailed",
          name: "Detailed",
          cycleYears: 5,
          lastInspectedOn: "2026-12-07",
          dueOn: "2031-12-07",
          state: "current",
          daysLate: -1826,
        }),
        line({ type: "intrusive", name: "Intrusive", cycleYears: 10 }),
      ],
    });
    const lines = within(screen.getByRole("list", { name: visitTexts.stateTitle }))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(lines).toEqual([
      `Patrol — Last visit: ${formatDate("2021-09-08")}due ${formatDate("2023-09-08")}, 1186 days late`,
      `Detailed — Last visit: ${formatDate("2026-12-07")}due ${formatDate("2031-12-07")}, in 1826 days`,
      `Intrusive — Last visit: Never${visitTexts.notDue}`,
    ]);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it("lists the pole's visits newest first, with type, result, inspector, notes and source", async () => {
    setup({ visits: [PATROL, OLD] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toContain(`${formatDate("2025-05-06")} · Patrol · ${visitTexts.results.findings}`);
    expect(rows()[0]).toContain("A. Lineman · Vines on the guy");
    expect(rows()[1]).toContain(`Detailed · ${visitTexts.resultUnknown}`);
    expect(rows()[1]).toContain(visitTexts.sources.photos);
  });

  it("says when there is no inspection on record, and offers viewers no 'Record visit'", async () => {
    setup({ canEdit: false });
    expect(await screen.findByText(visitTexts.noVisits)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: visitTexts.record })).not.toBeInTheDocument();
  });

  it("records a visit dated today unless changed, and lists it", async () => {
    const user = userEvent.setup();
    const server = setup({ visits: [OLD] });
    await user.click(await screen.findByRole("button", { name: visitTexts.record }));
    const dialog = await fillForm(user, "Patrol");
    expect(within(dialog).getByLabelText(visitTexts.date)).toHaveValue(localToday());
    await user.click(within(dialog).getByRole("button", { name: visitTexts.save }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts(server).map((c) => c.body)).toEqual([
      {
        type: "patrol",
        inspected_on: localToday(),
        result: "no-defects",
        inspector: "B. Crew",
        notes: "All sound",
      },
    ]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toContain("B. Crew · All sound");
  });

  it("refuses a future day before sending, and keeps what was typed when the server refuses", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const server = setup({
      answer: () =>
        refuse
          ? { status: 400, body: { code: "unknown_type", message: visitTexts.unknownType("patrol") } }
          : undefined,
    });
    await user.click(await screen.findByRole("button", { name: visitTexts.record }));
    const dialog = await fillForm(user, "Patrol");
    const date = within(dialog).getByLabelText(visitTexts.date);
    fireEvent.change(date, { target: { value: "2999-01-01" } });
    expect(within(dialog).getByText(visitTexts.futureDate)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: visitTexts.save })).toBeDisabled();
    fireEvent.change(date, { target: { value: "2024-02-03" } });

    await user.click(within(dialog).getByRole("button", { name: visitTexts.save }));
    expect(await within(dialog).findByText(visitTexts.unknownType("patrol"))).toBeInTheDocument();
    expect(within(dialog).getByLabelText(visitTexts.inspector)).toHaveValue("B. Crew");
    expect(within(dialog).getByLabelText(visitTexts.notes)).toHaveValue("All sound");
    expect(date).toHaveValue("2024-02-03");

    refuse = false;
    await user.click(within(dialog).getByRole("button", { name: visitTexts.save }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts(server)).toHaveLength(2);
    expect(posts(server)[1]!.body).toMatchObject({ inspected_on: "2024-02-03" });
  });
});
