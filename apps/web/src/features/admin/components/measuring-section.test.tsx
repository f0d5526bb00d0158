/**
 * The measuring settings on the settings page against a stand-in server: an owner changes the
 * units (from the keyboard), the lean threshold and the clearance rules, typed in any unit and
 * saved in metres; a minimum that is no height is refused before anything is sent; a member reads
 * them and has nothing to edit.
 */
import { DEFAULT_MEASURE_SETTINGS, type MeasureSettings } from "@poleatlas/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, type Call } from "../../../test/fake-server";
import { renderAdmin, TEAM, workspacesAnswer } from "../test/render-admin";

afterEach(() => {
  vi.unstubAllGlobals();
});

const FT = 0.3048;
const SETTINGS = { blurFaces: true, ...DEFAULT_MEASURE_SETTINGS };

function server(role: "owner" | "member") {
  return fakeServer({
    "GET /api/workspaces": workspacesAnswer({ ...TEAM, role }),
    "GET /api/workspace/settings": () => ({ status: 200, body: SETTINGS }),
    "PUT /api/workspace/settings": (call: Call) => ({
      status: 200,
      body: { ...SETTINGS, ...(call.body as Partial<MeasureSettings>) },
    }),
  });
}
/** Replaces a field's text (pasted: typing key by key is slow on a busy machine). */
async function typeOver(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}
const puts = (s: ReturnType<typeof server>) => s.calls.filter((c) => c.method === "PUT").map((c) => c.body);

describe("MeasuringSection", () => {
  it("lets an owner change the units from the keyboard and the lean threshold, the rules kept exactly", async () => {
    const s = server("owner");
    renderAdmin();
    const section = await screen.findByRole("region", { name: "Measuring" });
    const metres = await within(section).findByRole("radio", { name: "Metres" });
    expect(metres).toBeChecked();
    // The radio group moves its choice with the arrow keys.
    metres.focus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(within(section).getByRole("radio", { name: "Feet and inches" })).toBeChecked();
    await typeOver(
      within(section).getByLabelText("Lean that suggests a finding (degrees from plumb)"),
      "7.5",
    );
    await userEvent.click(within(section).getByRole("button", { name: "Save measuring settings" }));
    expect(await within(section).findByText("Measuring settings saved.")).toBeVisible();
    // Untouched rules go back as their stored metres, not their shown text read back.
    expect(puts(s)).toEqual([
      {
        units: "feet-inches",
        leanThresholdDeg: 7.5,
        clearanceRules: DEFAULT_MEASURE_SETTINGS.clearanceRules,
      },
    ]);
  });

  it("takes a rule's minimum typed in any unit and saves metres; removes and adds rules", async () => {
    const s = server("owner");
    renderAdmin();
    const section = await screen.findByRole("region", { name: "Measuring" });
    // The power rule goes; communication (now rule 2, shown 4.724 m) is raised to 16' 6"; a
    // streetlight rule comes in metres.
    await userEvent.click(await within(section).findByRole("button", { name: "Remove rule 1" }));
    const communication = within(section).getByLabelText("Minimum height of rule 2");
    expect(communication).toHaveValue("4.724 m");
    await typeOver(communication, `16' 6"`);
    await userEvent.click(within(section).getByRole("button", { name: "Add rule" }));
    await userEvent.selectOptions(within(section).getByLabelText("Kind of rule 3"), "streetlight");
    await typeOver(within(section).getByLabelText("Minimum height of rule 3"), "5 m");
    await userEvent.selectOptions(within(section).getByLabelText("Finding level of rule 3"), "3");
    await userEvent.click(within(section).getByRole("button", { name: "Save measuring settings" }));
    expect(await within(section).findByText("Measuring settings saved.")).toBeVisible();
    expect(puts(s)).toEqual([
      {
        units: "metres",
        leanThresholdDeg: 5,
        clearanceRules: [
          { kind: "neutral", min_height_m: 15.5 * FT, code: "clearance", level: 2 },
          { kind: "communication", min_height_m: 16.5 * FT, code: "clearance", level: 2 },
          { kind: "streetlight", min_height_m: 5, code: "clearance", level: 3 },
        ],
      },
    ]);
  });

  it("names a minimum that is no height and sends nothing", async () => {
    const s = server("owner");
    renderAdmin();
    const section = await screen.findByRole("region", { name: "Measuring" });
    await typeOver(await within(section).findByLabelText("Minimum height of rule 1"), "high");
    await userEvent.click(within(section).getByRole("button", { name: "Save measuring settings" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(
      `Rule 1: "high" is not a height above 0`,
    );
    expect(puts(s)).toEqual([]);
  });

  it("shows a member the units, threshold and rules to read, with nothing to edit", async () => {
    const s = server("member");
    renderAdmin();
    const section = await screen.findByRole("region", { name: "Measuring" });
    expect(await within(section).findByText("Metres")).toBeVisible();
    expect(within(section).getByText("5°")).toBeVisible();
    expect(
      within(section).getByText("Power conductor: at least 5.639 m (finding clearance, level 1)"),
    ).toBeVisible();
    expect(within(section).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(section).queryByRole("button")).not.toBeInTheDocument();
    await waitFor(() =>
      expect(s.actions().map((c) => c.path)).toEqual(["/api/workspaces", "/api/workspace/settings"]),
    );
  });
});
