/** The pole fields against a stand-in server: label saved on Enter, kept on Escape; moves. */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { PoleSummary } from "@poleatlas/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { photo } from "../../../test/records";
import { PoleFields } from "./pole-fields";

afterEach(() => {
  vi.unstubAllGlobals();
});

const P = photo({ id: "p1", pole_id: "here", latitude: 52.52, longitude: 13.4 });
const pole = (id: string, label: string, latitude: number, count: number): PoleSummary => ({
  id,
  label,
  latitude,
  longitude: 13.4,
  photo_count: count,
  first_date: null,
  last_date: null,
  risk: null,
});
const POLES = [pole("here", "P-1", 52.52, 2), pole("far", "", 52.56, 1), pole("near", "P-7", 52.521, 3)];

function setup() {
  const server = fakeServer({
    "GET /api/poles": () => ({ status: 200, body: { poles: POLES } }),
    "PATCH /api/poles/here": (call) => ({
      status: 200,
      body: { pole: { ...POLES[0], label: (call.body as { label: string }).label.trim() } },
    }),
    "PATCH /api/images/p1": () => ({ status: 200, body: { image: P } }),
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <PoleFields photo={P} regionId="13.4,52.5" />
    </QueryClientProvider>,
  );
  const patches = () => server.actions().filter((c) => c.method === "PATCH");
  return { patches };
}

describe("PoleFields", () => {
  it("saves the label on Enter and puts it back on Escape", async () => {
    const { patches } = setup();
    const field = await screen.findByLabelText("Pole label");
    expect(field).toHaveValue("P-1");
    await userEvent.clear(field);
    await userEvent.type(field, "P-10423{Escape}");
    expect(field).toHaveValue("P-1");
    await userEvent.clear(field);
    await userEvent.type(field, "P-10423{Enter}");
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ path: "/api/poles/here", body: { label: "P-10423" } });
  });

  it("offers the region's other poles nearest first, and moves or splits the photo", async () => {
    const { patches } = setup();
    await userEvent.click(await screen.findByRole("combobox", { name: "Move to another pole" }));
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["P-7 · 3 photos", "No label · 1 photo"]);
    await userEvent.click(screen.getByRole("option", { name: "P-7 · 3 photos" }));
    await userEvent.click(screen.getByRole("button", { name: "Make a new pole" }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches().map((c) => c.body)).toEqual([{ pole_id: "near" }, { pole_id: "new" }]);
  });
});
