/**
 * Locating a pole from its photos' bearings in the record: the invitation, marking a photo by a
 * click and by the keyboard, the estimate asked for the marks (in the photo's full-width pixels),
 * what the globe is handed meanwhile, a refusal that keeps the marks, and moving the pole.
 */
import { ThemeProvider, createTheme } from "@mui/material";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { LocateCandidate, LocateEstimate, PoleTimeline } from "@poleatlas/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { previewPoints } from "../../../globe/preview-store";
import { fakeServer, type Call } from "../../../test/fake-server";
import { photo, poleSummary } from "../../../test/records";
import { usePoleTimeline } from "../api/get-pole";
import { LocateSection } from "./locate-section";
import { PoleRecordPanel } from "./pole-record";

afterEach(() => {
  vi.unstubAllGlobals();
  previewPoints.clear();
});

const candidate = (id: string, more: Partial<LocateCandidate> = {}): LocateCandidate => ({
  image: photo({ id, latitude: 52.5 - 0.0001, longitude: 13.4 + Number(id.charCodeAt(0) - 97) * 0.0001 }),
  bearing_deg: 10,
  usable: true,
  reason: null,
  distance_m: 12,
  ...more,
});

const CANDIDATES = [
  candidate("c", { usable: false, bearing_deg: null, reason: "No compass bearing", distance_m: 3 }),
  candidate("a", { distance_m: 11 }),
  candidate("b", { distance_m: 14, bearing_deg: 350 }),
  candidate("d", { distance_m: 20, bearing_deg: 40 }),
];

const ESTIMATE: LocateEstimate = {
  latitude: 52.50004,
  longitude: 13.40012,
  uncertainty_m: 4.24,
  rays: [
    { image_id: "a", bearing_deg: 12.5, latitude: 52.4999, longitude: 13.4, residual_m: 0.4, used: true },
    { image_id: "b", bearing_deg: 351, latitude: 52.4999, longitude: 13.4002, residual_m: 0.6, used: true },
    { image_id: "d", bearing_deg: 41, latitude: 52.4998, longitude: 13.3999, residual_m: 23.1, used: false },
  ],
  left_out: [{ image_id: "d", reason: "its ray passes far from the others (a photo of another pole?)" }],
  moved_m: 9.5,
};

function timeline(position_source: "gps" | "bearings", latitude = 52.5): PoleTimeline {
  return {
    pole: {
      ...poleSummary({ id: "pole-1", tag: "LIV-1", latitude, longitude: 13.4, position_source }),
      condition: "unrated",
      overdue: false,
      inspection: { state: "current", lastInspectedOn: null, dueOn: null },
    },
    images: [],
    findings: [],
  };
}

/** The record as the map composes it: the timeline asked from the server, the locate under the register. */
function Record() {
  const { data } = usePoleTimeline("pole-1");
  if (!data) return null;
  return (
    <PoleRecordPanel
      record={data}
      regionName={null}
      onClose={vi.fn()}
      canEdit
      locate={<LocateSection pole={data.pole} />}
    />
  );
}

function renderRecord(options: {
  source?: "gps" | "bearings";
  candidates?: LocateCandidate[];
  locate?: (call: Call) => { status: number; body: unknown };
}) {
  let moved = false;
  const server = fakeServer({
    "GET /api/poles/pole-1": () => ({
      status: 200,
      body: moved ? timeline("bearings", ESTIMATE.latitude) : timeline(options.source ?? "gps"),
    }),
    "GET /api/poles/pole-1/history": () => ({ status: 200, body: { entries: [], nextCursor: null } }),
    "GET /api/poles/pole-1/locate/candidates": () => ({
      status: 200,
      body: { photos: options.candidates ?? CANDIDATES },
    }),
    "POST /api/poles/pole-1/locate": (call) => {
      const answer = options.locate?.(call) ?? {
        status: 200,
        body: { estimate: ESTIMATE, applied: (call.body as { apply?: boolean }).apply === true },
      };
      if (answer.status === 200 && (call.body as { apply?: boolean }).apply) moved = true;
      return answer;
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={createTheme()}>
        <Record />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return server;
}

const locates = (server: ReturnType<typeof fakeServer>) =>
  server.calls.filter((c) => c.method === "POST").map((c) => c.body);

/** Opens a photo large; it has loaded at 4000 px wide and is shown 400 px wide. */
async function openPhoto(name: string) {
  await userEvent.click(screen.getByRole("button", { name: `Mark the pole in ${name}` }));
  const dialog = await screen.findByRole("dialog");
  const img = within(dialog).getByRole("img", { name });
  Object.defineProperty(img, "naturalWidth", { value: 4000 });
  fireEvent.load(img);
  const area = within(dialog).getByRole("slider");
  area.getBoundingClientRect = () => ({ left: 50, width: 400, top: 0, height: 300 }) as DOMRect;
  return { dialog, area };
}

async function openLocate() {
  // The invitation takes the plain button's place once the candidates are in.
  const invitation = await screen.findByText(/carry a compass bearing/);
  await userEvent.click(within(invitation.closest<HTMLElement>(".MuiAlert-root")!).getByRole("button"));
  return screen.findByTestId("locate-view");
}

describe("LocateSection: the keyboard", () => {
  it("takes the keyboard into the view as it opens and back to its button as it closes", async () => {
    renderRecord({ source: "bearings" });
    const start = await screen.findByRole("button", { name: "Locate from photos" });
    start.focus();
    await userEvent.keyboard("{Enter}");
    const view = await screen.findByRole("group", { name: "Locate from photos" });
    await waitFor(() => expect(view).toHaveFocus());
    await userEvent.click(within(view).getByRole("button", { name: "Close locate" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Locate from photos" })).toHaveFocus());
  });
});

describe("LocateSection: the invitation", () => {
  it("invites a locate when three photos carry a bearing and the pole was not placed from bearings", async () => {
    renderRecord({});
    // These photos stand near the pole, on poles of their own: not said to be the pole's.
    expect(
      await screen.findByText(
        "3 photos of this pole or within 30 m of it carry a compass bearing: locate the pole from them",
      ),
    ).toBeVisible();
    expect(screen.getByTestId("position-source")).toHaveTextContent("Position: from photo GPS");
  });

  it("says the photos are the pole's own only when they all are", async () => {
    const own = CANDIDATES.map((c) => ({ ...c, image: { ...c.image, pole_id: "pole-1" } }));
    renderRecord({ candidates: own });
    expect(
      await screen.findByText("3 photos of this pole carry a compass bearing: locate the pole from them"),
    ).toBeVisible();
  });

  it("offers the locate without inviting when the pole already stands where its bearings put it", async () => {
    renderRecord({ source: "bearings" });
    expect(await screen.findByRole("button", { name: "Locate from photos" })).toBeVisible();
    expect(screen.queryByText(/carry a compass bearing/)).toBeNull();
  });

  it("does not invite for two photos with a bearing", async () => {
    renderRecord({ candidates: CANDIDATES.slice(0, 3) });
    expect(await screen.findByRole("button", { name: "Locate from photos" })).toBeVisible();
    expect(screen.queryByText(/carry a compass bearing/)).toBeNull();
  });
});

describe("LocateSection: marking and the estimate", () => {
  it("lists usable photos first, the others with their reason, and marks by a click and by the keys", async () => {
    const server = renderRecord({});
    const view = await openLocate();
    const rows = within(view).getAllByTestId("locate-candidate");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("a.jpg"),
      expect.stringContaining("b.jpg"),
      expect.stringContaining("d.jpg"),
      expect.stringContaining("No compass bearing"),
    ]);
    expect(within(rows[3]!).queryByRole("button", { name: /Mark the pole/ })).toBeNull();

    // A click a quarter of the way across the shown photo: pixel 1000 of its 4000.
    const { dialog, area } = await openPhoto("a.jpg");
    fireEvent.click(area, { clientX: 150 });
    expect(within(dialog).getByTestId("locate-mark-line")).toHaveStyle({ left: "25%" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Set mark" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(within(view).getByText(/Marked/)).toBeVisible();
    expect(locates(server)).toEqual([]);

    // The keys alone: the mark starts mid-photo, right a step, left ten steps, Enter sets it.
    const second = await openPhoto("b.jpg");
    second.area.focus();
    await userEvent.keyboard("{ArrowRight}{Shift>}{ArrowLeft}{/Shift}");
    expect(second.area).toHaveAttribute("aria-valuenow", String(Math.round(4000 * 0.482)));
    await userEvent.keyboard("{Enter}");
    expect(screen.queryByRole("dialog")).toBeNull();

    await waitFor(() => expect(locates(server)).toHaveLength(1));
    const body = locates(server)[0] as { marks: { image_id: string; x: number }[]; apply: boolean };
    expect(body.apply).toBe(false);
    expect(body.marks.map((m) => m.image_id)).toEqual(["a", "b"]);
    expect(body.marks[0]!.x).toBeCloseTo(1000, 6);
    expect(body.marks[1]!.x).toBeCloseTo(4000 * (0.5 + 0.002 - 0.02), 6);

    const estimate = await within(view).findByTestId("locate-estimate");
    expect(estimate).toHaveTextContent("52.500040, 13.400120 ± 4.2 m (90 %)");
    expect(estimate).toHaveTextContent("a.jpg: 0.4 m off");
    expect(estimate).toHaveTextContent("d.jpg: left out, 23.1 m off (another pole?)");
  }, 30_000);

  it("hands the globe the estimate, its circle and the rays, and takes them back on close", async () => {
    renderRecord({});
    const view = await openLocate();
    for (const name of ["a.jpg", "b.jpg"]) {
      const { area } = await openPhoto(name);
      fireEvent.click(area, { clientX: 250 });
      fireEvent.keyDown(area, { key: "Enter" });
    }
    await within(view).findByTestId("locate-estimate");
    expect(previewPoints.get()).toEqual([{ latitude: ESTIMATE.latitude, longitude: ESTIMATE.longitude }]);
    const shapes = previewPoints.shapes();
    expect(shapes.circle).toEqual({
      latitude: ESTIMATE.latitude,
      longitude: ESTIMATE.longitude,
      radiusM: 4.24,
    });
    expect(shapes.rays.map((r) => [r.from, r.used])).toEqual([
      [{ latitude: 52.4999, longitude: 13.4 }, true],
      [{ latitude: 52.4999, longitude: 13.4001 }, true],
      [{ latitude: 52.4999, longitude: 13.4003 }, false],
    ]);
    // Each ray runs north-ish from its camera past the estimate.
    for (const r of shapes.rays) expect(r.to.latitude).toBeGreaterThan(ESTIMATE.latitude);
    await userEvent.click(within(view).getByRole("button", { name: "Close locate" }));
    expect(screen.queryByTestId("locate-view")).toBeNull();
    expect(previewPoints.get()).toEqual([]);
    expect(previewPoints.shapes().rays).toEqual([]);
  }, 30_000);

  it("leaves another feature's preview on the globe while it has no estimate of its own", async () => {
    const track = [{ imageId: "t1", latitude: 52.6, longitude: 13.5 }];
    previewPoints.show(track);
    renderRecord({});
    const view = await openLocate();
    expect(previewPoints.get()).toBe(track);
    await userEvent.click(within(view).getByRole("button", { name: "Close locate" }));
    expect(previewPoints.get()).toBe(track);
  }, 30_000);

  it("says why an estimate was refused and keeps the marks", async () => {
    const server = renderRecord({
      locate: () => ({
        status: 400,
        body: { code: "bad_request", message: "Too few usable rays: the marks are nearly parallel" },
      }),
    });
    const view = await openLocate();
    for (const name of ["a.jpg", "b.jpg"]) {
      const { area } = await openPhoto(name);
      fireEvent.click(area, { clientX: 250 });
      fireEvent.keyDown(area, { key: "Enter" });
    }
    expect(await within(view).findByText(/Too few usable rays: the marks are nearly parallel/)).toBeVisible();
    expect(within(view).getAllByText(/Marked/)).toHaveLength(2);
    expect(previewPoints.get()).toEqual([]);
    expect(locates(server)).toHaveLength(1);
  }, 30_000);
});

describe("LocateSection: moving the pole", () => {
  it("moves the pole with the same marks, closes, and the record shows it placed from bearings", async () => {
    const server = renderRecord({});
    const view = await openLocate();
    for (const name of ["a.jpg", "b.jpg", "d.jpg"]) {
      const { area } = await openPhoto(name);
      fireEvent.click(area, { clientX: 250 });
      fireEvent.keyDown(area, { key: "Enter" });
    }
    const estimate = await within(view).findByTestId("locate-estimate");
    const move = within(estimate).getByRole("button", { name: "Move pole here" });
    await waitFor(() => expect(move).toBeEnabled());
    await userEvent.click(move);
    await waitFor(() => expect(screen.queryByTestId("locate-view")).toBeNull());
    // The move sends the marks of the estimate shown, the last one asked.
    const posts = locates(server) as { marks: unknown[]; apply: boolean }[];
    const [asked, applied] = posts.slice(-2);
    expect(asked!.marks).toHaveLength(3);
    expect(applied).toEqual({ marks: asked!.marks, apply: true });
    expect(await screen.findByText("Position: from photo bearings")).toBeVisible();
    expect(screen.getByText("52.500040, 13.400000")).toBeVisible();
    expect(previewPoints.get()).toEqual([]);
  }, 30_000);
});
