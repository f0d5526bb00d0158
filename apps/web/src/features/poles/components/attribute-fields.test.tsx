/**
 * The record's owner and other attributes against a stand-in server: each a labelled field
 * reached by the keyboard, a change saved as the whole attributes with that one name changed, one
 * removed by its button, a new one added by name and value, a teammate's change to another
 * attribute kept (saved on top), one to the same attribute asked about; viewers see the values.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, type Call } from "../../../test/fake-server";
import { poleSummary } from "../../../test/records";
import { PoleAttributeFields } from "./attribute-fields";

afterEach(() => {
  vi.unstubAllGlobals();
});

const POLE = poleSummary({ id: "pole-1", attributes: { Owner: "Town grid", span: 40 }, version: 3 });

function setup(answer: (call: Call) => { status: number; body: unknown }, readOnly = false) {
  const server = fakeServer({ "PATCH /api/poles/pole-1": answer });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <PoleAttributeFields pole={POLE} readOnly={readOnly} />
    </QueryClientProvider>,
  );
  return () => server.actions().filter((c) => c.method === "PATCH");
}

const saved = (call: Call) => ({
  status: 200,
  body: { pole: { ...POLE, ...(call.body as object), version: 4 } },
});

describe("PoleAttributeFields", () => {
  it("reaches every field and button by Tab, each named", async () => {
    setup(saved);
    const user = userEvent.setup();
    const order = [
      screen.getByRole("textbox", { name: "Owner" }),
      screen.getByRole("textbox", { name: "span" }),
      screen.getByRole("button", { name: "Remove attribute span" }),
      screen.getByRole("textbox", { name: "New attribute name" }),
      screen.getByRole("textbox", { name: "New attribute value" }),
      screen.getByRole("button", { name: "Add attribute" }),
    ];
    for (const element of order) {
      await user.tab();
      expect(element).toHaveFocus();
    }
    expect(screen.getByRole("heading", { name: "Other attributes" })).toBeVisible();
  });

  it("saves the owner under the attribute's own name, the others kept", async () => {
    const patches = setup(saved);
    const owner = screen.getByRole("textbox", { name: "Owner" });
    expect(owner).toHaveValue("Town grid");
    await userEvent.clear(owner);
    await userEvent.type(owner, "Enedis{Enter}");
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({ attributes: { Owner: "Enedis", span: 40 } });
  });

  it("removes an attribute by its button, and adds one by name and value with Enter", async () => {
    const patches = setup(saved);
    await userEvent.click(screen.getByRole("button", { name: "Remove attribute span" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({ attributes: { Owner: "Town grid" } });

    await userEvent.type(screen.getByRole("textbox", { name: "New attribute name" }), " feeder ");
    await userEvent.type(screen.getByRole("textbox", { name: "New attribute value" }), "F-12{Enter}");
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]!.body).toEqual({ attributes: { Owner: "Town grid", span: 40, feeder: "F-12" } });
  });

  it("refuses a new attribute without a value, or named like one the pole has, before sending", async () => {
    const patches = setup(saved);
    await userEvent.type(screen.getByRole("textbox", { name: "New attribute name" }), "span");
    await userEvent.click(screen.getByRole("button", { name: "Add attribute" }));
    expect(await screen.findByText('Attribute "span" has no value: remove it instead')).toBeVisible();
    await userEvent.type(screen.getByRole("textbox", { name: "New attribute value" }), "41{Enter}");
    expect(await screen.findByText('This pole already has an attribute named "span"')).toBeVisible();
    expect(patches()).toEqual([]);
  });

  it("saves on top of a teammate's change to another attribute", async () => {
    const theirs = {
      ...POLE,
      attributes: { Owner: "Town grid", span: 41 },
      version: 4,
      updated_by: "crew@c.test",
    };
    let answered = 0;
    const patches = setup((call) =>
      answered++ === 0
        ? { status: 412, body: { code: "edit_conflict", message: "Changed", pole: theirs } }
        : { status: 200, body: { pole: { ...theirs, ...(call.body as object), version: 5 } } },
    );
    const owner = screen.getByRole("textbox", { name: "Owner" });
    await userEvent.clear(owner);
    await userEvent.type(owner, "Enedis{Enter}");
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]!.body).toEqual({ attributes: { Owner: "Enedis", span: 41 } });
  });

  it("asks which to keep when a teammate changed the same attribute", async () => {
    const theirs = {
      ...POLE,
      attributes: { Owner: "Grid Co", span: 40 },
      version: 4,
      updated_by: "crew@c.test",
    };
    const patches = setup(() => ({
      status: 412,
      body: { code: "edit_conflict", message: "Changed", pole: theirs },
    }));
    const owner = screen.getByRole("textbox", { name: "Owner" });
    await userEvent.clear(owner);
    await userEvent.type(owner, "Enedis{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Someone changed this pole meanwhile" });
    expect(dialog).toHaveTextContent("Grid Co");
    expect(dialog).toHaveTextContent("Enedis");
    expect(patches()).toHaveLength(1);
  });

  it("shows a viewer the owner and the other attributes, with nothing to edit", () => {
    setup(saved, true);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByText("Owner")).toBeVisible();
    expect(screen.getByText("Town grid")).toBeVisible();
    expect(screen.getByText("span")).toBeVisible();
  });
});
