/** The inspection fields against a stand-in server: ratings and notes are saved, failures kept. */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { photo } from "../../../test/records";
import { InspectionFields } from "./inspection-fields";

afterEach(() => {
  vi.unstubAllGlobals();
});

const P = photo({ id: "p1", risk: null, notes: null });

function renderFields() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <InspectionFields photo={P} />
    </QueryClientProvider>,
  );
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
});
