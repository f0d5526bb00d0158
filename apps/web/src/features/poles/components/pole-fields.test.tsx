/** The pole fields against a stand-in server: label saved on Enter, kept on Escape; moves. */
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { photo, poleMarkersOf, poleSummary } from "../../../test/records";
import { poleKeys } from "../api/pole-keys";
import { useState } from "react";
import { MoveUndoSnackbar, type PoleMove } from "./move-undo";
import { PoleFields } from "./pole-fields";

afterEach(() => {
  vi.unstubAllGlobals();
});

const P = photo({ id: "p1", pole_id: "here", latitude: 52.52, longitude: 13.4 });
/** The photo's pole, as its timeline answer (GET /api/poles/:id) gives it. */
const HERE = poleSummary({ id: "here", label: "P-1", latitude: 52.52, longitude: 13.4, photo_count: 2 });
/** The region's poles in the compact form (GET /api/poles?region=). */
const POLES = poleMarkersOf([
  { id: "here", label: "P-1", latitude: 52.52, longitude: 13.4, count: 2 },
  { id: "far", latitude: 52.56, longitude: 13.4, count: 1 },
  { id: "near", label: "P-7", latitude: 52.521, longitude: 13.4, count: 3 },
]);

/** `labelSaved`: when the label's PATCH is answered (at once unless told). */
function setup(regionPoles = POLES, labelSaved: Promise<void> = Promise.resolve(), gonePole = "") {
  const server = fakeServer({
    "GET /api/poles": () => ({ status: 200, body: regionPoles }),
    "PATCH /api/poles/here": async (call) => {
      await labelSaved;
      return {
        status: 200,
        body: { pole: { ...HERE, label: (call.body as { label: string }).label.trim() } },
      };
    },
    "PATCH /api/images/p1": (call) =>
      (call.body as { pole_id?: string }).pole_id === gonePole
        ? { status: 404, body: { code: "pole_not_found", message: "Pole not found" } }
        : { status: 200, body: { image: P } },
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // Fed the way the panel feeds it: the pole from its timeline answer in the cache, where a
  // saved label lands (usePatchPole) and a teammate's arrives with a refetch (`poleIs`).
  const key = poleKeys.one(HERE.id);
  client.setQueryData(key, { pole: HERE, images: [P] });
  function Live() {
    const { data } = useQuery({
      queryKey: key,
      queryFn: () => Promise.resolve(client.getQueryData<{ pole: typeof HERE }>(key)!),
      staleTime: Infinity,
    });
    const [moved, setMoved] = useState<PoleMove | null>(null);
    return (
      <>
        <PoleFields photo={P} pole={data?.pole ?? HERE} regionId="13.4,52.5" onMoved={setMoved} />
        <MoveUndoSnackbar move={moved} onClose={() => setMoved(null)} />
      </>
    );
  }
  render(
    <QueryClientProvider client={client}>
      <Live />
    </QueryClientProvider>,
  );
  const patches = () => server.actions().filter((c) => c.method === "PATCH");
  /** The pole as the panel's timeline answer has it now (a teammate's change); a tick later. */
  const poleIs = (label: string) =>
    act(async () => {
      client.setQueryData(key, { pole: { ...HERE, label }, images: [P] });
      await new Promise((r) => setTimeout(r, 10));
    });
  return { patches, poleIs };
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

  it("saves once on Enter then leaving the field, while the save is on its way and after", async () => {
    let answer: () => void = () => {};
    const { patches } = setup(POLES, new Promise((resolve) => (answer = resolve)));
    const field = await screen.findByLabelText("Pole label");
    await userEvent.clear(field);
    await userEvent.type(field, "P-10423{Enter}");
    await userEvent.tab();
    await new Promise((r) => setTimeout(r, 50));
    expect(patches()).toHaveLength(1);
    answer();
    await waitFor(() => expect(field).toHaveValue("P-10423"));
    await userEvent.click(field);
    await userEvent.tab();
    await new Promise((r) => setTimeout(r, 50));
    expect(patches()).toHaveLength(1);
  });

  it("Escape while a save travels sends nothing back; a label a teammate changed since can be set again", async () => {
    let answer: () => void = () => {};
    const { patches, poleIs } = setup(POLES, new Promise((resolve) => (answer = resolve)));
    const field = await screen.findByLabelText("Pole label");
    await userEvent.clear(field);
    await userEvent.type(field, "P-2{Enter}{Escape}");
    await userEvent.tab();
    await new Promise((r) => setTimeout(r, 50));
    expect(patches().map((c) => c.body)).toEqual([{ label: "P-2" }]);
    answer();
    await waitFor(() => expect(field).toHaveValue("P-2"));
    await poleIs("P-9"); // a teammate renamed it
    await userEvent.clear(field);
    await userEvent.type(field, "P-2{Enter}");
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]!.body).toEqual({ label: "P-2" });
  });

  it("shows a teammate's new label and never sends the old one back on leaving the field", async () => {
    const { patches, poleIs } = setup();
    const field = await screen.findByLabelText("Pole label");
    await userEvent.clear(field);
    await userEvent.type(field, "P-2{Enter}");
    await waitFor(() => expect(patches()).toHaveLength(1));
    await poleIs("P-9");
    expect(field).toHaveValue("P-9");
    await userEvent.click(field);
    await userEvent.tab();
    await new Promise((r) => setTimeout(r, 50));
    expect(patches()).toHaveLength(1);
  });

  it("keeps what was typed while a save travelled", async () => {
    let answer: () => void = () => {};
    const { patches } = setup(POLES, new Promise((resolve) => (answer = resolve)));
    const field = await screen.findByLabelText("Pole label");
    await userEvent.clear(field);
    await userEvent.type(field, "P-5{Enter}2");
    answer();
    await waitFor(() => expect(patches()).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(field).toHaveValue("P-52");
  });

  it("offers the region's other poles nearest first, with distance and direction, and moves or splits the photo", async () => {
    const { patches } = setup();
    await userEvent.click(await screen.findByRole("combobox", { name: "Move to another pole" }));
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    // 0.001° and 0.04° of latitude north of the photo.
    expect(options).toEqual(["P-7 · 111 m N · 3 photos", "No label · 4.4 km N · 1 photo"]);
    await userEvent.click(screen.getByRole("option", { name: "P-7 · 111 m N · 3 photos" }));
    await userEvent.click(screen.getByRole("button", { name: "Make a new pole" }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches().map((c) => c.body)).toEqual([{ pole_id: "near" }, { pole_id: "new" }]);
  });

  it("offers only the nearest 50 of a region's 100k poles", async () => {
    const many = poleMarkersOf([
      { id: "here", latitude: 52.52, longitude: 13.4, count: 2 },
      ...Array.from({ length: 100_000 }, (_, i) => ({
        id: `p${i}`,
        latitude: 52.52 + ((i % 1000) + 1) * 1e-5,
        longitude: 13.4 + Math.floor(i / 1000) * 1e-5,
      })),
    ]);
    setup(many);
    await userEvent.click(await screen.findByRole("combobox", { name: "Move to another pole" }));
    const options = screen.getAllByRole("option");
    expect(options).toHaveLength(50);
    // Its label (none here), how far and which way, and its photo count.
    expect(options[0]).toHaveTextContent("No label · 1 m N · 1 photo");
  });

  it("says where the photo went, and Undo moves it back to the pole it left", async () => {
    const { patches } = setup();
    await userEvent.click(await screen.findByRole("combobox", { name: "Move to another pole" }));
    await userEvent.click(screen.getByRole("option", { name: /^P-7/ }));
    expect(await screen.findByText("Moved to P-7")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches().map((c) => c.body)).toEqual([{ pole_id: "near" }, { pole_id: "here" }]);
  });

  it("Undo gives the photo a pole of its own where the pole it left has gone", async () => {
    const { patches } = setup(POLES, Promise.resolve(), "here");
    await userEvent.click(await screen.findByRole("combobox", { name: "Move to another pole" }));
    await userEvent.click(screen.getByRole("option", { name: /^No label/ }));
    expect(await screen.findByText(/^Moved to No label · 4\.4 km N/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(patches()).toHaveLength(3));
    expect(patches().map((c) => c.body)).toEqual([
      { pole_id: "far" },
      { pole_id: "here" },
      { pole_id: "new" },
    ]);
  });
});
