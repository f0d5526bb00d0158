/** The inspection fields against a stand-in server: ratings and notes are saved, failures kept. */
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { poleTexts } from "@poleatlas/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearUserData } from "../../../lib/offline/user-data";
import { imageKeys } from "../../images";
import { fakeServer } from "../../../test/fake-server";
import { photo } from "../../../test/records";
import { InspectionFields } from "./inspection-fields";

afterEach(() => {
  vi.unstubAllGlobals();
});

const P = photo({ id: "p1", risk: null, notes: null });

/**
 * The fields fed the way the map feeds them: the photo comes from the query cache, where a save's
 * answer replaces it (usePatchImage) and a teammate's change arrives with a refetch (`photoIs`).
 */
function renderFields(shown = P, readOnly = false) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const key = imageKeys.one(shown.id);
  client.setQueryData(key, shown);
  function Live() {
    const { data } = useQuery({
      queryKey: key,
      queryFn: () => Promise.resolve(client.getQueryData<typeof P>(key) ?? shown),
      staleTime: Infinity,
    });
    return <InspectionFields photo={data ?? shown} readOnly={readOnly} />;
  }
  const rendered = render(
    <QueryClientProvider client={client}>
      <Live />
    </QueryClientProvider>,
  );
  /** The photo as the map's lists have it now (a teammate saved, say); the cache tells a tick later. */
  const photoIs = (p: typeof P) =>
    act(async () => {
      client.setQueryData(key, p);
      await new Promise((r) => setTimeout(r, 10));
    });
  return { ...rendered, photoIs };
}

describe("InspectionFields", () => {
  it("rates the photo with one press and shows the rating", async () => {
    const server = fakeServer({
      "PATCH /api/images/p1": (call) => ({
        status: 200,
        body: { image: { ...P, ...(call.body as object) } },
      }),
    });
    renderFields();
    await userEvent.click(screen.getByRole("button", { name: "High Risk" }));
    await waitFor(() => expect(server.actions()).toEqual([expect.objectContaining({ method: "PATCH" })]));
    expect(server.actions()[0]?.body).toEqual({ risk: "high" });
    expect(screen.getByRole("button", { name: "High Risk" })).toHaveAttribute("aria-pressed", "true");
  });

  it("keeps typed notes when saving fails, says why, and saves them on Retry", async () => {
    let fail = true;
    const server = fakeServer({
      "PATCH /api/images/p1": (call) =>
        fail
          ? { status: 500, body: { code: "internal", message: "boom" } }
          : { status: 200, body: { image: { ...P, ...(call.body as object) } } },
    });
    renderFields();
    await userEvent.type(screen.getByLabelText("Notes"), "Leaning 5°");
    await userEvent.click(screen.getByRole("button", { name: "Save notes" }));
    expect(await screen.findByText("Could not save. Please try again.")).toBeInTheDocument();
    expect(screen.getByLabelText("Notes")).toHaveValue("Leaning 5°");

    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByText("Could not save. Please try again.")).toBeNull());
    expect(server.actions().map((c) => c.body)).toEqual([{ notes: "Leaning 5°" }, { notes: "Leaning 5°" }]);
  });

  it("keeps unsaved notes per photo when the panel closes or another photo is shown", async () => {
    const d1 = photo({ id: "d1", notes: "old" });
    const first = renderFields(d1);
    await userEvent.clear(screen.getByLabelText("Notes"));
    await userEvent.type(screen.getByLabelText("Notes"), "Crossarm cracked");
    first.unmount();
    const other = renderFields(photo({ id: "d2", notes: null }));
    expect(screen.getByLabelText("Notes")).toHaveValue("");
    other.unmount();
    renderFields(d1);
    expect(screen.getByLabelText("Notes")).toHaveValue("Crossarm cracked");
    expect(screen.getByRole("button", { name: "Save notes" })).toBeInTheDocument();
  });

  it("shows a viewer the saved notes, not a draft kept from before, and no Save", async () => {
    const v1 = photo({ id: "v1", notes: "saved" });
    const first = renderFields(v1);
    await userEvent.type(screen.getByLabelText("Notes"), " typed");
    first.unmount();
    renderFields(v1, true);
    expect(screen.getByLabelText("Notes")).toHaveValue("saved");
    expect(screen.queryByRole("button", { name: "Save notes" })).not.toBeInTheDocument();
  });

  it("follows notes saved elsewhere while nothing is typed, and warns before a draft replaces them", async () => {
    const t1 = photo({ id: "t1", notes: "mine" });
    const { photoIs } = renderFields(t1);
    await photoIs({ ...t1, notes: "from a teammate" });
    expect(screen.getByLabelText("Notes")).toHaveValue("from a teammate");
    expect(screen.queryByRole("button", { name: "Save notes" })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Notes"), " and mine");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await photoIs({ ...t1, notes: "changed again" });
    expect(screen.getByLabelText("Notes")).toHaveValue("from a teammate and mine");
    expect(screen.getByRole("alert")).toHaveTextContent(poleTexts.notesChangedMeanwhile("changed again"));
    expect(screen.getByRole("button", { name: "Save notes" })).toBeInTheDocument();
  });

  it("after its own save, follows a teammate's later notes; its own answer is never taken for someone else's", async () => {
    const o1 = photo({ id: "o1", notes: null });
    let answer: () => void = () => {};
    fakeServer({
      "PATCH /api/images/o1": (call) =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 200, body: { image: { ...o1, ...(call.body as object) } } });
        }),
    });
    const { photoIs } = renderFields(o1);
    const field = screen.getByLabelText("Notes");
    await userEvent.type(field, "Leaning");
    await userEvent.click(screen.getByRole("button", { name: "Save notes" }));
    await userEvent.type(field, " 5°"); // typed on while the save travels
    answer();
    await waitFor(() => expect(screen.getByRole("button", { name: "Save notes" })).toBeEnabled());
    expect(field).toHaveValue("Leaning 5°");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(field).toHaveValue("Leaning");
    await photoIs({ ...o1, notes: "A teammate's notes" });
    expect(field).toHaveValue("A teammate's notes");
    expect(screen.queryByRole("button", { name: "Save notes" })).not.toBeInTheDocument();
  });

  it("takes spaces alone for no notes, and Cancel after a failed save takes its Retry away", async () => {
    fakeServer({
      "PATCH /api/images/p1": () => ({ status: 500, body: { code: "internal", message: "boom" } }),
    });
    renderFields();
    const field = screen.getByLabelText("Notes");
    await userEvent.type(field, "   ");
    expect(screen.queryByRole("button", { name: "Save notes" })).not.toBeInTheDocument();
    await userEvent.type(field, "Rust");
    await userEvent.click(screen.getByRole("button", { name: "Save notes" }));
    expect(await screen.findByText("Could not save. Please try again.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
  });

  it("Retry sends the notes as they are now, and a notes failure stays shown when a rating was saved meanwhile", async () => {
    let failNotes = true;
    let answerNotes: () => void = () => {};
    const server = fakeServer({
      "PATCH /api/images/p1": (call) => {
        const body = call.body as { notes?: string };
        const ok = { status: 200, body: { image: { ...P, ...body } } };
        if (body.notes === undefined) return ok;
        return new Promise((resolve) => {
          answerNotes = () =>
            resolve(failNotes ? { status: 500, body: { code: "internal", message: "boom" } } : ok);
        });
      },
    });
    renderFields();
    const field = screen.getByLabelText("Notes");
    await userEvent.type(field, "Crack");
    await userEvent.click(screen.getByRole("button", { name: "Save notes" }));
    await userEvent.click(screen.getByRole("button", { name: "High Risk" }));
    await waitFor(() => expect(server.actions()).toHaveLength(2));
    answerNotes();
    expect(await screen.findByText("Could not save. Please try again.")).toBeInTheDocument();
    await userEvent.type(field, "ed pole");
    failNotes = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(server.actions()).toHaveLength(3));
    answerNotes();
    expect(server.actions()[2]!.body).toEqual({ notes: "Cracked pole" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Save notes" })).not.toBeInTheDocument());
  });

  it("forgets every draft with the user's data (sign-out, another user)", async () => {
    const d5 = photo({ id: "d5", notes: "saved" });
    const first = renderFields(d5);
    await userEvent.type(screen.getByLabelText("Notes"), " and typed");
    first.unmount();
    await clearUserData();
    renderFields(d5);
    expect(screen.getByLabelText("Notes")).toHaveValue("saved");
  });

  it("forgets the draft once it is saved, also when the panel was closed before the answer", async () => {
    const d3 = photo({ id: "d3", notes: null });
    let answer: () => void = () => {};
    const server = fakeServer({
      "PATCH /api/images/d3": (call) =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 200, body: { image: { ...d3, ...(call.body as object) } } });
        }),
    });
    const first = renderFields(d3);
    await userEvent.type(screen.getByLabelText("Notes"), "Leaning 5°");
    await userEvent.click(screen.getByRole("button", { name: "Save notes" }));
    await waitFor(() => expect(server.actions()).toHaveLength(1));
    first.unmount();
    answer();
    await new Promise((r) => setTimeout(r, 50));
    // Shown again with what the server now holds (cleared since, here): no old draft over it.
    renderFields(d3);
    expect(screen.getByLabelText("Notes")).toHaveValue("");
  });
});
