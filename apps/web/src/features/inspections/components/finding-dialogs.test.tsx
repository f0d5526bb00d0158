/** The findings' forms: the day observed and the day resolved, bounded as the server bounds them. */
import { DEFAULT_INSPECTION_SETTINGS } from "@poleatlas/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { photo } from "../../../test/records";
import { localToday } from "../lib/days";
import { AddFindingDialog, ResolveDialog } from "./finding-dialogs";

const today = localToday();

function withQueries(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

afterEach(() => vi.unstubAllGlobals());

describe("AddFindingDialog", () => {
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole("combobox", { name: "Code" }));
    await user.click(await screen.findByRole("option", { name: /^lean/ }));
    await user.click(screen.getByRole("button", { name: "Level 1" }));
  }

  it("is observed today by default, with the photo's date one click away", async () => {
    fakeServer({ "GET /api/workspace/settings": () => ({ status: 200, body: DEFAULT_INSPECTION_SETTINGS }) });
    const onSave = vi.fn();
    const user = userEvent.setup();
    withQueries(
      <AddFindingDialog
        open
        busy={false}
        error={null}
        photoDate="2024-05-01"
        onClose={() => {}}
        onSave={onSave}
      />,
    );
    const observed = screen.getByLabelText(/Observed on/);
    expect(observed).toHaveValue(today);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Photo's date (2024-05-01)" }));
    expect(observed).toHaveValue("2024-05-01");
    await user.click(screen.getByRole("button", { name: "Today" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave).toHaveBeenCalledWith({
      code: "lean",
      level: 1,
      notes: "",
      observedOn: today,
      assigneeId: null,
    });
  });

  it("keeps the keyboard on Save while it sends: marked busy, not disabled, a second press ignored", async () => {
    fakeServer({ "GET /api/workspace/settings": () => ({ status: 200, body: DEFAULT_INSPECTION_SETTINGS }) });
    const onSave = vi.fn();
    const user = userEvent.setup();
    const dialog = (busy: boolean) => (
      <AddFindingDialog open busy={busy} error={null} onClose={() => {}} onSave={onSave} />
    );
    const view = withQueries(dialog(false));
    await fill(user);
    const save = screen.getByRole("button", { name: "Save" });
    save.focus();
    await user.keyboard("{Enter}");
    expect(onSave).toHaveBeenCalledTimes(1);
    view.rerender(<QueryClientProvider client={new QueryClient()}>{dialog(true)}</QueryClientProvider>);
    // A disabled button under the focus would drop it to the page in a browser.
    expect(save).not.toBeDisabled();
    expect(save).toHaveAttribute("aria-disabled", "true");
    expect(save).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it("refuses a day after today, saying why", async () => {
    fakeServer({ "GET /api/workspace/settings": () => ({ status: 200, body: DEFAULT_INSPECTION_SETTINGS }) });
    const user = userEvent.setup();
    withQueries(<AddFindingDialog open busy={false} error={null} onClose={() => {}} onSave={vi.fn()} />);
    await fill(user);
    // No photo shown: no photo's date to offer.
    expect(screen.queryByRole("button", { name: /Photo's date/ })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Observed on/), { target: { value: "2999-01-01" } });
    expect(screen.getByText("Not after today")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });
});

describe("ResolveDialog", () => {
  const shown = [photo({ id: "p1", date: "2024-05-01" }), photo({ id: "p2", date: "2024-06-01" })];

  /** The form for a finding observed on 2024-05-10, on a pole with two photos. */
  function openResolve() {
    const onResolve = vi.fn();
    const user = userEvent.setup();
    render(
      <ResolveDialog
        open
        busy={false}
        error={null}
        observedOn="2024-05-10"
        polePhotos={shown}
        onClose={() => {}}
        onResolve={onResolve}
      />,
    );
    return { onResolve, user };
  }

  it("is resolved today by default, never before the finding was observed", async () => {
    const { onResolve, user } = openResolve();
    await user.type(screen.getByLabelText(/Action taken/), "Pole replaced");
    const day = screen.getByLabelText(/Resolved on/);
    expect(day).toHaveValue(today);
    fireEvent.change(day, { target: { value: "2024-05-09" } });
    expect(screen.getByText("Not before it was observed (2024-05-10)")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resolve" })).toBeDisabled();
    fireEvent.change(day, { target: { value: "2999-01-01" } });
    expect(screen.getByText("Not after today")).toBeInTheDocument();
    fireEvent.change(day, { target: { value: "2024-05-10" } });
    await user.click(screen.getByRole("button", { name: "Resolve" }));
    expect(onResolve).toHaveBeenCalledWith({
      action: "Pole replaced",
      resolvedOn: "2024-05-10",
      repair: null,
    });
  });

  it("takes a new photo of the repair, or one of the pole's photos when chosen", async () => {
    const { onResolve, user } = openResolve();
    await user.type(screen.getByLabelText(/Action taken/), "Crossarm replaced");
    // None of the old photos unless chosen.
    expect(screen.getByRole("combobox", { name: "Or one of the pole's photos" })).toHaveTextContent("None");
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "repair.jpg", { type: "image/jpeg" });
    await user.upload(screen.getByLabelText("Choose a new photo"), file);
    expect(screen.getByText("New photo: repair.jpg")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Resolve" }));
    expect(onResolve).toHaveBeenLastCalledWith({
      action: "Crossarm replaced",
      resolvedOn: today,
      repair: { file },
    });

    await user.click(screen.getByRole("combobox", { name: "Or one of the pole's photos" }));
    await user.click(within(screen.getByRole("listbox")).getByRole("option", { name: /2024-06-01/ }));
    await user.click(screen.getByRole("button", { name: "Resolve" }));
    expect(onResolve).toHaveBeenLastCalledWith({
      action: "Crossarm replaced",
      resolvedOn: today,
      repair: { imageId: "p2" },
    });
  });
});
