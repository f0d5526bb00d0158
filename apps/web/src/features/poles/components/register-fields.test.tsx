/**
 * The record's register fields against a stand-in server: a number saved as a number (one not a
 * number refused before anything is sent; in a feet workspace feet shown and taken, metres saved),
 * the material chosen from its list, a field cleared,
 * and a teammate's change of the same field asked about (never saved over by the blur the dialog
 * causes); viewers see the values only.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DEFAULT_MEASURE_SETTINGS, type LengthUnits } from "@poleatlas/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, type Call } from "../../../test/fake-server";
import { poleSummary } from "../../../test/records";
import { PoleRegisterFields } from "./register-fields";

afterEach(() => {
  vi.unstubAllGlobals();
});

const POLE = poleSummary({ id: "pole-1", tag: "LIV-1", height_m: 10, circuit: "F1", version: 3 });

function setup(
  answer: (call: Call) => { status: number; body: unknown },
  readOnly = false,
  units: LengthUnits = "metres",
) {
  const server = fakeServer({
    "PATCH /api/poles/pole-1": answer,
    "GET /api/workspace/settings": () => ({ status: 200, body: { ...DEFAULT_MEASURE_SETTINGS, units } }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <PoleRegisterFields pole={POLE} readOnly={readOnly} />
    </QueryClientProvider>,
  );
  return () => server.actions().filter((c) => c.method === "PATCH");
}

const saved = (call: Call) => ({
  status: 200,
  body: { pole: { ...POLE, ...(call.body as object), version: 4 } },
});

describe("PoleRegisterFields", () => {
  it("saves a height as a number, and refuses one that is not a number without sending it", async () => {
    const patches = setup(saved);
    const height = screen.getByLabelText("Height (m)");
    await userEvent.clear(height);
    await userEvent.type(height, "twelve{Enter}");
    expect(await screen.findByText("Height (m) must be a number")).toBeVisible();
    expect(patches()).toEqual([]);
    await userEvent.clear(height);
    await userEvent.type(height, "12.5{Enter}");
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({ height_m: 12.5 });
  });

  it("shows and takes the height in feet in a feet workspace, and saves metres", async () => {
    const patches = setup(saved, false, "feet-inches");
    // 10 m is 393.7 in: shown to the inch.
    const height = await screen.findByLabelText("Height (ft)");
    expect(height).toHaveValue("32 ft 10 in");
    const typeIn = async (text: string) => {
      await userEvent.clear(height);
      await userEvent.type(height, `${text}{Enter}`);
    };
    await typeIn("tall");
    expect(await screen.findByText("Height (ft) must be a number")).toBeVisible();
    expect(patches()).toEqual([]);
    await typeIn("40");
    await waitFor(() => expect(patches()).toHaveLength(1));
    await typeIn(`40' 6"`);
    await waitFor(() => expect(patches()).toHaveLength(2));
    await typeIn("12.5 m");
    await waitFor(() => expect(patches()).toHaveLength(3));
    // 40 ft = 12.192 m exactly; 40 ft 6 in = 12.3444 m.
    expect(patches().map((c) => c.body)).toEqual([
      { height_m: 12.192 },
      { height_m: 12.3444 },
      { height_m: 12.5 },
    ]);
  });

  it("shows a viewer the height in the workspace's unit", async () => {
    setup(saved, true, "feet-inches");
    expect(await screen.findByText("32 ft 10 in")).toBeVisible();
    expect(screen.getByText("Height (ft)")).toBeVisible();
  });

  it("saves the material chosen from its list, and clears the circuit when emptied", async () => {
    const patches = setup(saved);
    await userEvent.click(screen.getByLabelText("Material"));
    await userEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "Steel" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({ material: "steel" });
    const circuit = screen.getByLabelText("Circuit");
    await userEvent.clear(circuit);
    await userEvent.tab();
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]!.body).toEqual({ circuit: "" });
  });

  it("asks which to keep when a teammate changed the same field meanwhile", async () => {
    const theirs = { ...POLE, tag: "LIV-9", version: 4, updated_by: "crew@c.test" };
    const patches = setup(() => ({
      status: 412,
      body: { code: "edit_conflict", message: "Changed", pole: theirs },
    }));
    const tag = screen.getByLabelText("Tag");
    await userEvent.clear(tag);
    await userEvent.type(tag, "LIV-2{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Someone changed this pole meanwhile" });
    expect(dialog).toHaveTextContent("LIV-9");
    expect(dialog).toHaveTextContent("LIV-2");
    // The dialog took the focus: that blur sent nothing over the teammate's tag.
    expect(patches()).toHaveLength(1);
  });

  it("shows a viewer the values, with no field to edit", () => {
    setup(saved, true);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.getByText("LIV-1")).toBeVisible();
    expect(screen.getByText("F1")).toBeVisible();
  });
});
