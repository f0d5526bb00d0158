/**
 * The measuring tool: clicks on the shown photo become marks in the photo's own pixels as
 * displayed (a portrait photo turned by its EXIF orientation and shown scaled, then zoomed),
 * undo by button and Ctrl+Z, heights shown in the workspace's unit, and a refusal that names its
 * reason and keeps every mark and height.
 */
import { ThemeProvider, createTheme } from "@mui/material";
import type { LengthUnits, Measurement, PoleTimeline } from "@poleatlas/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, type Call } from "../../../test/fake-server";
import { photo, poleSummary } from "../../../test/records";
import { MeasureDialog } from "./measure-dialog";

afterEach(() => vi.unstubAllGlobals());

// Stored 4000 × 3000 with an EXIF orientation of a quarter turn: displayed 3000 × 4000.
const PORTRAIT = photo({
  id: "img-1",
  metadata: {
    ...photo({ id: "img-1" }).metadata,
    optics: { width: 3000, height: 4000, focalLength35mm: 28, focalLengthMm: null, sensorWidthMm: null },
  },
});

function timeline(): PoleTimeline {
  return {
    pole: {
      ...poleSummary({ id: "pole-1", tag: "P-1", latitude: 52.5, longitude: 13.4, position_source: "gps" }),
      condition: "unrated",
      overdue: false,
      inspection: { state: "current", lastInspectedOn: null, dueOn: null },
    },
    images: [PORTRAIT],
    findings: [],
  };
}

const MEASUREMENT: Measurement = {
  id: "m-1",
  pole_id: "pole-1",
  image_id: "img-1",
  created_at: "2026-01-01T00:00:00Z",
  created_by: "crew@example.com",
  points: [{ kind: "communication", label: "CATV", height_m: 5.6896, uncertainty_m: 0.0381 }],
  suggestions: [],
  reference: [{ at: [1500, 4000], height_m: 0 }],
  verticals: null,
};

function renderTool(units: LengthUnits, measure: (call: Call) => { status: number; body: unknown }) {
  const server = fakeServer({
    "POST /api/poles/pole-1/lean": () => ({
      status: 200,
      body: {
        lean: { degrees: 3.24, toward_deg: null, apparent: true, measured_at: "2026-01-01T00:00:00Z" },
        suggestions: [],
      },
    }),
    "GET /api/poles/pole-1": () => ({ status: 200, body: timeline() }),
    "GET /api/workspace/settings": () => ({
      status: 200,
      body: { clearanceRules: [], leanThresholdDeg: 5, units },
    }),
    "POST /api/images/img-1/measurements": measure,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={createTheme()}>
        <MeasureDialog poleId="pole-1" open onClose={vi.fn()} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return server;
}

/** The photo loaded (a 750 × 1000 rendition) in a 600 × 400 frame at (10, 20): shown at a tenth. */
async function loadPhoto() {
  const dialog = await screen.findByRole("dialog");
  const img = await within(dialog).findByRole("img", { name: "img-1.jpg" });
  const frame = within(dialog).getByRole("application", { name: "Photo img-1.jpg: place marks" });
  frame.getBoundingClientRect = () => ({ left: 10, top: 20, width: 600, height: 400 }) as DOMRect;
  Object.defineProperty(img, "naturalWidth", { value: 750 });
  Object.defineProperty(img, "naturalHeight", { value: 1000 });
  fireEvent.load(img);
  return { dialog, frame };
}

/** A click of the mouse at a screen point (fractions as Chromium reports them). */
function click(frame: HTMLElement, clientX: number, clientY: number) {
  const at = { clientX, clientY, pointerId: 1, pointerType: "mouse", button: 0 };
  fireEvent.pointerDown(frame, at);
  fireEvent.pointerUp(frame, at);
}

const near = (x: number, y: number): unknown[] => [expect.closeTo(x, 6), expect.closeTo(y, 6)];

const posted = (server: ReturnType<typeof fakeServer>) =>
  server.calls.filter((c) => c.method === "POST").map((c) => c.body as { reference: { at: number[] }[] });

describe("MeasureDialog", () => {
  it("sends marks in the displayed photo's pixels, whatever the zoom and pan", async () => {
    const server = renderTool("metres", () => ({ status: 201, body: { measurement: MEASUREMENT } }));
    const { dialog, frame } = await loadPhoto();
    // Fit: a tenth of 3000 × 4000 is 300 × 400, centred: the photo's left edge at x = 160.
    click(frame, 160 + 150.25, 20 + 399.5);
    await userEvent.click(within(dialog).getByRole("button", { name: "Zoom in" }));
    // Zoomed 1.5× about the frame's centre (300, 200): scale 0.15, the photo's corner at (75, -100).
    click(frame, 10 + 75 + 150, 20 - 100 + 300);
    click(frame, 10 + 75 + 150, 20 - 100 + 150);
    click(frame, 10 + 75 + 150, 20 - 100 + 75);
    await userEvent.click(within(dialog).getByRole("button", { name: "Points to measure" }));
    click(frame, 10 + 75 + 151.5, 20 - 100 + 30);
    expect(within(dialog).getByLabelText("Height of Stick mark 3")).toHaveValue("3 m");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save heights" }));
    await waitFor(() => expect(posted(server)).toHaveLength(1));
    expect(posted(server)[0]).toEqual({
      reference: [
        { at: near(1502.5, 3995), height_m: 0 },
        { at: near(1000, 2000), height_m: 1 },
        { at: near(1000, 1000), height_m: 2 },
        { at: near(1000, 500), height_m: 3 },
      ],
      points: [{ kind: "power_conductor", at: near(1010, 200) }],
    });
  });

  it("moves the selected mark with the arrow keys by a screen pixel, in photo pixels", async () => {
    const server = renderTool("metres", () => ({ status: 201, body: { measurement: MEASUREMENT } }));
    const { dialog, frame } = await loadPhoto();
    for (const y of [400, 300, 200, 100]) click(frame, 310, 20 + y);
    await userEvent.click(within(dialog).getByRole("button", { name: "Points to measure" }));
    click(frame, 310, 40);
    await userEvent.click(within(dialog).getByRole("button", { name: "Point 1" }));
    frame.focus();
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{Shift>}{ArrowUp}{/Shift}");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save heights" }));
    await waitFor(() => expect(posted(server)).toHaveLength(1));
    const body = posted(server)[0] as unknown as { points: { at: number[] }[] };
    expect(body.points[0]!.at).toEqual(near(1520, 100));
  });

  it("undoes the last mark with the button and with Ctrl+Z, and an edit with the next undo", async () => {
    renderTool("metres", () => ({ status: 201, body: { measurement: MEASUREMENT } }));
    const { dialog, frame } = await loadPhoto();
    click(frame, 310, 400);
    click(frame, 310, 300);
    click(frame, 310, 200);
    const base = within(dialog).getByLabelText("Height of Base");
    await userEvent.clear(base);
    await userEvent.type(base, "0.1");
    expect(within(dialog).getAllByLabelText(/^Height of /)).toHaveLength(3);
    // Typing in one field is one step of undo.
    await userEvent.click(within(dialog).getByRole("button", { name: "Undo" }));
    expect(within(dialog).getByLabelText("Height of Base")).toHaveValue("0 m");
    frame.focus();
    await userEvent.keyboard("{Control>}z{/Control}");
    expect(within(dialog).getAllByLabelText(/^Height of /)).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole("button", { name: "Undo" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Undo" }));
    expect(within(dialog).queryByLabelText(/^Height of /)).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Undo" })).toBeDisabled();
  });

  it("shows the measured height and its uncertainty in feet and inches, the stick offered every 5 ft", async () => {
    const server = renderTool("feet-inches", () => ({ status: 201, body: { measurement: MEASUREMENT } }));
    const { dialog, frame } = await loadPhoto();
    for (const y of [400, 300, 200, 100]) click(frame, 310, 20 + y);
    await waitFor(() => expect(within(dialog).getByLabelText("Height of Stick mark 3")).toHaveValue("15 ft"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Points to measure" }));
    click(frame, 310, 40);
    await userEvent.selectOptions(within(dialog).getByLabelText("Kind of Point 1"), "communication");
    await userEvent.type(within(dialog).getByLabelText("Label of Point 1 (optional)"), "CATV");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save heights" }));
    expect(await within(dialog).findByTestId("measured-height")).toHaveTextContent(
      "CATV: 18 ft 8 in ± 1.5 in",
    );
    // Saved once: the same marks again would only repeat the measurement.
    expect(within(dialog).getByRole("button", { name: "Save heights" })).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText("Label of Point 1 (optional)"), " 2");
    expect(within(dialog).getByRole("button", { name: "Save heights" })).toBeEnabled();
    const body = posted(server)[0] as unknown as { reference: { height_m: number }[]; points: unknown[] };
    expect(body.reference.map((r) => r.height_m)).toEqual([
      0,
      5 * 0.3048,
      10 * 0.3048,
      expect.closeTo(15 * 0.3048, 9),
    ]);
    expect(body.points).toEqual([{ kind: "communication", label: "CATV", at: near(1500, 200) }]);
  });

  it("shows the server's reason when the marks cannot define the map, and keeps every mark", async () => {
    const reason = "The stick's marks need different heights: three, or two with two vertical lines";
    const server = renderTool("metres", () => ({
      status: 400,
      body: { code: "marks_same_height", message: reason },
    }));
    const { dialog, frame } = await loadPhoto();
    for (const y of [400, 300, 200]) click(frame, 310, 20 + y);
    await userEvent.click(within(dialog).getByRole("button", { name: "Points to measure" }));
    click(frame, 310, 40);
    await userEvent.type(within(dialog).getByLabelText("Label of Point 1 (optional)"), "Drop");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save heights" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(reason);
    expect(within(dialog).getAllByLabelText(/^Height of /)).toHaveLength(3);
    expect(within(dialog).getByLabelText("Label of Point 1 (optional)")).toHaveValue("Drop");
    expect(posted(server)).toHaveLength(1);
  });

  it("names a height it cannot read before asking the server", async () => {
    const server = renderTool("metres", () => ({ status: 201, body: { measurement: MEASUREMENT } }));
    const { dialog, frame } = await loadPhoto();
    for (const y of [400, 300, 200]) click(frame, 310, 20 + y);
    const mark = within(dialog).getByLabelText("Height of Stick mark 2");
    await userEvent.clear(mark);
    await userEvent.type(mark, "ten feet");
    await userEvent.click(within(dialog).getByRole("button", { name: "Points to measure" }));
    click(frame, 310, 40);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save heights" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      'Stick mark 2: "ten feet" is not a height in metres',
    );
    expect(posted(server)).toHaveLength(0);
    expect(within(dialog).getByLabelText("Height of Stick mark 2")).toHaveValue("ten feet");
  });

  it("shows a loupe under a finger while it places a mark, and places it where the finger lifts", async () => {
    const server = renderTool("metres", () => ({ status: 201, body: { measurement: MEASUREMENT } }));
    const { dialog, frame } = await loadPhoto();
    const touch = { pointerId: 7, pointerType: "touch", button: 0 };
    fireEvent.pointerDown(frame, { ...touch, clientX: 300, clientY: 300 });
    expect(within(dialog).getByRole("img", { name: "Magnified view under the finger" })).toBeVisible();
    fireEvent.pointerMove(frame, { ...touch, clientX: 310.5, clientY: 320 });
    fireEvent.pointerUp(frame, { ...touch, clientX: 310.5, clientY: 320 });
    expect(within(dialog).queryByRole("img", { name: "Magnified view under the finger" })).toBeNull();
    expect(within(dialog).getByLabelText("Height of Base")).toHaveValue("0 m");
    expect(server.actions().filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("works out the lean from the pole's axis with a typed bearing, and says it is apparent in one view", async () => {
    const server = renderTool("metres", () => ({ status: 201, body: { measurement: MEASUREMENT } }));
    const { dialog, frame } = await loadPhoto();
    await userEvent.click(within(dialog).getByRole("tab", { name: "Lean" }));
    click(frame, 310, 420);
    click(frame, 312, 40);
    await userEvent.type(within(dialog).getByLabelText("Bearing of img-1.jpg, degrees from north"), "45");
    await userEvent.click(within(dialog).getByRole("button", { name: "Work out the lean" }));
    expect(await within(dialog).findByTestId("lean-answer")).toHaveTextContent(
      "Apparent lean in this view: 3.2°",
    );
    const lean = server.calls.find((c) => c.path === "/api/poles/pole-1/lean");
    expect(lean?.body).toEqual({
      views: [{ image_id: "img-1", axis: [near(1500, 4000), near(1520, 200)], bearing_deg: 45 }],
    });
  });
});
