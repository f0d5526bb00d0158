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
import { PoleRegisterFields } from "./register-fields";
import { useMoveCandidate } from "../lib/move-candidate";

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

/** The workspace's poles with tags, some far outside the region (GET /api/poles?tag=). */
const TAGGED = [
  { id: "here", tag: "P-1", label: "", latitude: 52.52, longitude: 13.4, risk: null },
  { id: "t104", tag: "P-104", label: "Corner of 5th", latitude: 52.53, longitude: 13.41, risk: null },
  { id: "t105", tag: "P-105", label: "", latitude: 48.14, longitude: 11.58, risk: "high" as const },
].map((p) => ({ ...p, photo_count: 0, thumbnail_url: null }));
const tagHits = (prefix: string) =>
  TAGGED.filter((p) => p.tag.toLowerCase().startsWith(prefix.toLowerCase()) || p.label.startsWith(prefix));

/** The move list's poles with their tag and latest photo (GET /api/poles?ids=); "far" has `farTag`. */
const candidates = (ids: string, farTag: string | null) =>
  ids.split(",").map((id) => ({
    id,
    tag: id === "far" ? farTag : null,
    label: id === "near" ? "P-7" : "",
    latitude: 0,
    longitude: 0,
    risk: null,
    photo_count: 1,
    thumbnail_url: id === "near" ? "/files/near-latest.jpg" : null,
  }));

/** `labelSaved`: when the label's PATCH is answered (at once unless told). */
function setup(
  regionPoles = POLES,
  labelSaved: Promise<void> = Promise.resolve(),
  gonePole = "",
  farTag: string | null = null,
) {
  const server = fakeServer({
    "GET /api/poles": (call) => {
      const query = new URLSearchParams(call.path.split("?")[1]);
      if (query.has("tag")) return { status: 200, body: { poles: tagHits(query.get("tag")!) } };
      if (query.has("ids")) return { status: 200, body: { poles: candidates(query.get("ids")!, farTag) } };
      return { status: 200, body: regionPoles };
    },
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
    const ringed = useMoveCandidate();
    return (
      <>
        <output aria-label="Ringed on the globe">{ringed ?? ""}</output>
        {/* The label is the record's register field now; the move stays the photo's. */}
        <PoleRegisterFields pole={data?.pole ?? HERE} />
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
  return { patches, poleIs, server };
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
    const options = screen.getAllByRole("option").map((o) => o.getAttribute("aria-label"));
    // 0.001° and 0.04° of latitude north of the photo.
    expect(options).toEqual(["P-7 · 111 m N · 3 photos", "No label · 4.4 km N · 1 photo"]);
    await userEvent.click(screen.getByRole("option", { name: "P-7 · 111 m N · 3 photos" }));
    await userEvent.click(screen.getByRole("button", { name: "Make a new pole" }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches().map((c) => c.body)).toEqual([{ pole_id: "near" }, { pole_id: "new" }]);
  });

  it("shows each candidate's tag and latest photo, and rings the one in focus on the globe", async () => {
    const { server } = setup(POLES, Promise.resolve(), "", "T-9");
    await userEvent.click(await screen.findByRole("combobox", { name: "Move to another pole" }));
    // The tag comes with the candidates' answer (the region's compact form has labels only).
    const far = await screen.findByRole("option", { name: "T-9 · 4.4 km N · 1 photo" });
    const near = screen.getByRole("option", { name: "P-7 · 111 m N · 3 photos" });
    expect(near.querySelector("img")).toHaveAttribute("src", "/files/near-latest.jpg");
    expect(far.querySelector("img")).toBeNull();
    const asked = server.calls.filter((c) => c.path.includes("ids="));
    expect(asked.map((c) => new URLSearchParams(c.path.split("?")[1]).get("ids"))).toEqual(["near,far"]);
    await userEvent.keyboard("{ArrowDown}");
    const ringed = screen.getByRole("status", { name: "Ringed on the globe", hidden: true });
    await waitFor(() => expect(ringed).toHaveTextContent(/^(near|far)$/));
    const focused = document.activeElement?.getAttribute("aria-label");
    expect(ringed).toHaveTextContent(focused?.startsWith("T-9") ? "far" : "near");
    await userEvent.hover(far);
    expect(ringed).toHaveTextContent("far");
    // Closing the list leaves no pole ringed.
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(ringed).toHaveTextContent(""));
  });

  it("asks for the candidates' photos only when the list is opened", async () => {
    const { server } = setup();
    await screen.findByRole("combobox", { name: "Move to another pole" });
    await new Promise((r) => setTimeout(r, 50));
    expect(server.calls.filter((c) => c.path.includes("ids="))).toEqual([]);
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
    expect(options[0]).toHaveAccessibleName("No label · 1 m N · 1 photo");
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

  it("finds poles of the workspace by the start of their tag, and moves the photo to the one chosen, with Undo", async () => {
    const { patches } = setup();
    const search = await screen.findByRole("combobox", { name: "Find a pole by tag or label" });
    await userEvent.type(search, "p-1");
    // The photo's own pole (P-1) is left out; each hit says how far and which way it stands.
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
        "P-104 · Corner of 5th · 1.3 km NE",
        "P-105 · 503.8 km S",
      ]),
    );
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(await screen.findByText("Moved to P-105")).toBeInTheDocument();
    expect(patches().map((c) => c.body)).toEqual([{ pole_id: "t105" }]);
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]!.body).toEqual({ pole_id: "here" });
  });

  it("says so when no pole starts with what was typed", async () => {
    setup();
    await userEvent.type(await screen.findByRole("combobox", { name: "Find a pole by tag or label" }), "Z");
    expect(await screen.findByText("No pole of this workspace starts so")).toBeInTheDocument();
  });
});
