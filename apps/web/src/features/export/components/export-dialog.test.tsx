/** The export dialog: the query it asks for, the file it saves, and the errors it shows. */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { ExportNavItem } from "./export-dialog";

const FILE = { type: "FeatureCollection", features: [] };
const FILE_ANSWER = {
  status: 200,
  body: FILE,
  headers: {
    "content-type": "application/geo+json",
    "content-disposition": 'attachment; filename="poleatlas-personal-2024-05-01.geojson"',
  },
};

/** What reached the browser's download: the anchor's name and the blob behind its URL. */
let saved: { name: string; blob: Blob }[];
let blobs: Map<string, Blob>;

beforeEach(() => {
  saved = [];
  blobs = new Map();
  // The browser's download machinery is the boundary here: record what it was handed.
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    const href = `blob:test/${blobs.size}`;
    blobs.set(href, blob as Blob);
    return href;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute("href") ?? "") as Blob });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const exportCalls = (server: ReturnType<typeof fakeServer>) =>
  server.actions().filter((c) => c.path.startsWith("/api/export"));

describe("ExportNavItem", () => {
  it("downloads everything as GeoJSON by default, under the server's file name", async () => {
    const server = fakeServer({ "GET /api/export": () => FILE_ANSWER });
    render(<ExportNavItem regionId={null} />);
    await userEvent.click(screen.getByRole("button", { name: "Export" }));
    const dialog = screen.getByRole("dialog", { name: "Export" });
    expect(dialog).not.toHaveTextContent("This region");
    await userEvent.click(screen.getByRole("button", { name: "Download" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportCalls(server).map((c) => c.path)).toEqual(["/api/export?format=geojson"]);
    expect(saved[0]?.name).toBe("poleatlas-personal-2024-05-01.geojson");
    expect(JSON.parse(await (saved[0]?.blob as Blob).text())).toEqual(FILE);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("asks for this region, the chosen format, risks and dates", async () => {
    const server = fakeServer({ "GET /api/export": () => FILE_ANSWER });
    render(<ExportNavItem regionId="8.5,47.4" />);
    await userEvent.click(screen.getByRole("button", { name: "Export" }));
    expect(screen.getByRole("radio", { name: "This region" })).toBeChecked();
    await userEvent.click(screen.getByRole("radio", { name: "CSV" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Low" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Unrated" }));
    await userEvent.type(screen.getByLabelText("From"), "2024-01-01");
    await userEvent.type(screen.getByLabelText("To"), "2024-06-30");
    await userEvent.click(screen.getByRole("button", { name: "Download" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportCalls(server).map((c) => c.path)).toEqual([
      "/api/export?format=csv&region=8.5%2C47.4&risk=medium%2Chigh&from=2024-01-01&to=2024-06-30",
    ]);
  });

  it("asks for the chosen layer, format and coordinate system", async () => {
    const server = fakeServer({ "GET /api/export": () => FILE_ANSWER });
    render(<ExportNavItem regionId={null} />);
    await userEvent.click(screen.getByRole("button", { name: "Export" }));
    await userEvent.click(screen.getByRole("radio", { name: "Poles" }));
    // A pole has no date: the dates are not offered.
    expect(screen.queryByLabelText("From")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "GeoPackage" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Coordinate system" }), "epsg:2227");
    await userEvent.click(screen.getByRole("button", { name: "Download" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportCalls(server).map((c) => c.path)).toEqual([
      "/api/export?format=gpkg&layer=poles&crs=EPSG%3A2227",
    ]);
  });

  it("offers no system for KML, no risk for findings, and refuses a system not written EPSG:<code>", async () => {
    const server = fakeServer({ "GET /api/export": () => FILE_ANSWER });
    render(<ExportNavItem regionId={null} />);
    await userEvent.click(screen.getByRole("button", { name: "Export" }));
    const crs = screen.getByRole("textbox", { name: "Coordinate system" });
    await userEvent.type(crs, "2227");
    expect(screen.getByText("Use EPSG: and the system's code, e.g. EPSG:2227.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download" })).toBeDisabled();
    await userEvent.click(screen.getByRole("radio", { name: "KML (Google Earth)" }));
    expect(screen.getByRole("textbox", { name: "Coordinate system" })).toBeDisabled();
    await userEvent.click(screen.getByRole("radio", { name: "Findings" }));
    expect(screen.queryByRole("checkbox", { name: "Low" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Download" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportCalls(server).map((c) => c.path)).toEqual(["/api/export?format=kml&layer=findings"]);
  });

  it("'Everything' leaves the region out", async () => {
    const server = fakeServer({ "GET /api/export": () => FILE_ANSWER });
    render(<ExportNavItem regionId="8.5,47.4" />);
    await userEvent.click(screen.getByRole("button", { name: "Export" }));
    await userEvent.click(screen.getByRole("radio", { name: "Everything" }));
    await userEvent.click(screen.getByRole("button", { name: "Download" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportCalls(server).map((c) => c.path)).toEqual(["/api/export?format=geojson"]);
  });

  it("refuses dates in the wrong order and no risk at all before asking", async () => {
    const server = fakeServer({ "GET /api/export": () => FILE_ANSWER });
    render(<ExportNavItem regionId={null} />);
    await userEvent.click(screen.getByRole("button", { name: "Export" }));
    await userEvent.type(screen.getByLabelText("From"), "2024-06-02");
    await userEvent.type(screen.getByLabelText("To"), "2024-06-01");
    expect(screen.getByText("'From' must not be after 'To'.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download" })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText("To"));
    for (const name of ["Low", "Medium", "High", "Unrated"]) {
      await userEvent.click(screen.getByRole("checkbox", { name }));
    }
    expect(screen.getByText("Choose at least one risk level.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download" })).toBeDisabled();
    expect(exportCalls(server)).toEqual([]);
  });

  it("shows the server's refusal, and a plain message for a server fault, and saves nothing", async () => {
    let status = 400;
    fakeServer({
      "GET /api/export": () =>
        status === 400
          ? { status, body: { code: "invalid_region", message: "Unknown region" } }
          : { status, body: { code: "internal", message: "boom at line 3" } },
    });
    render(<ExportNavItem regionId="8.5,47.4" />);
    await userEvent.click(screen.getByRole("button", { name: "Export" }));
    await userEvent.click(screen.getByRole("button", { name: "Download" }));
    expect(await screen.findByText("Unknown region")).toBeInTheDocument();
    status = 500;
    await userEvent.click(screen.getByRole("button", { name: "Download" }));
    expect(await screen.findByText("The export failed. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Export" })).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("Cancel stops a running download: nothing is saved and no error is shown", async () => {
    let answer: () => void = () => {};
    fakeServer({ "GET /api/export": () => new Promise((resolve) => (answer = () => resolve(FILE_ANSWER))) });
    const error = vi.spyOn(console, "error");
    render(<ExportNavItem regionId={null} />);
    await userEvent.click(screen.getByRole("button", { name: "Export" }));
    await userEvent.click(screen.getByRole("button", { name: "Download" }));
    expect(screen.getByRole("button", { name: "Downloading…" })).toBeDisabled();
    const signal = vi.mocked(fetch).mock.calls.at(-1)?.[1]?.signal;
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(signal?.aborted).toBe(true);
    answer();
    await new Promise((r) => setTimeout(r, 50));
    expect(saved).toEqual([]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(error).not.toHaveBeenCalled();
  });
});
