/** The record's merge of a photo-made pole into a register pole near it. */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { MergeIntoRegister } from "./merge-into-register";

afterEach(() => {
  vi.unstubAllGlobals();
});

const near = (pole_id: string, tag: string, distance_m: number, bearing_deg: number) => ({
  pole_id,
  tag,
  label: "",
  distance_m,
  bearing_deg,
  latitude: 40,
  longitude: -105,
});

function renderMerge() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated = vi.spyOn(client, "invalidateQueries");
  render(
    <QueryClientProvider client={client}>
      <MergeIntoRegister pole={{ id: "made" }} />
    </QueryClientProvider>,
  );
  return invalidated;
}

describe("merging a photo-made pole into a register pole", () => {
  it("offers the register poles near it and merges into the one chosen, then reads the map again", async () => {
    const server = fakeServer({
      "GET /api/poles/made/merge-candidates": () => ({
        status: 200,
        body: { poles: [near("r-1", "SP-1", 12.4, 44), near("r-2", "SP-2", 38, 200)] },
      }),
      "POST /api/poles/made/merge": () => ({
        status: 200,
        body: { pole_id: "r-2", moved: { photos: 2, findings: 0, visits: 0, measurements: 0 } },
      }),
    });
    const invalidated = renderMerge();
    const user = userEvent.setup();
    const into = await screen.findByRole("combobox", { name: "Merge into" });
    expect(into).toHaveTextContent("SP-1 · 12 m NE");
    await user.click(into);
    await user.click(within(screen.getByRole("listbox")).getByRole("option", { name: "SP-2 · 38 m S" }));
    await user.click(screen.getByRole("button", { name: "Merge" }));
    await waitFor(() =>
      expect(server.actions().find((c) => c.method === "POST")).toMatchObject({ body: { into: "r-2" } }),
    );
    await waitFor(() => expect(invalidated).toHaveBeenCalledWith({ queryKey: ["images"] }));
  });

  it("shows nothing where no register pole stands near (or for a register pole)", async () => {
    const server = fakeServer({
      "GET /api/poles/made/merge-candidates": () => ({ status: 200, body: { poles: [] } }),
    });
    renderMerge();
    await waitFor(() => expect(server.actions().length).toBe(1));
    expect(screen.queryByTestId("merge-into-register")).not.toBeInTheDocument();
  });

  it("says why the server refused", async () => {
    fakeServer({
      "GET /api/poles/made/merge-candidates": () => ({
        status: 200,
        body: { poles: [near("r-1", "SP-1", 12, 0)] },
      }),
      "POST /api/poles/made/merge": () => ({
        status: 404,
        body: { code: "not_found", message: "Pole not found" },
      }),
    });
    renderMerge();
    await userEvent.click(await screen.findByRole("button", { name: "Merge" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Pole not found");
  });
});
