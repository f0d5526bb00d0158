/**
 * The 'Import poles' dialog's coordinate system, column mapping, suggested systems and the dry
 * run's preview on the globe; and that a refusal keeps what the user chose.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { PoleImportResult } from "@poleatlas/shared";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { previewPoints } from "../../../globe/preview-store";
import { fakeServer } from "../../../test/fake-server";
import { FakeXhr } from "../../../test/fake-xhr";
import { ImportPolesDialog } from "./import-poles-dialog";

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  previewPoints.clear();
});

const STATE_PLANE = {
  code: "EPSG:2227",
  name: "NAD83 / California zone 3 (ftUS)",
  area: "United States (USA) - California",
  unit: "US survey foot",
};
const UTM = {
  code: "EPSG:26910",
  name: "NAD83 / UTM zone 10N",
  area: "North America - 126°W to 120°W",
  unit: "metre",
};

const MAPPING = { pole_numbe: "attribute", installed_: "installed_year", X: "x", Y: "y" } as const;

const answer = (more: Partial<PoleImportResult> = {}): PoleImportResult => ({
  created: 2,
  updated: 0,
  unchanged: 0,
  rejected: [],
  rejected_count: 0,
  bounds: { minLon: -122.42, minLat: 37.77, maxLon: -122.41, maxLat: 37.78 },
  dry_run: true,
  visits: 0,
  mapping: { ...MAPPING },
  crs: { code: STATE_PLANE.code, name: STATE_PLANE.name },
  area: { minLon: -122.42, minLat: 37.77, maxLon: -122.41, maxLat: 37.78 },
  sample: [
    { tag: "P-1", longitude: -122.4194, latitude: 37.7749 },
    { tag: null, longitude: -122.411, latitude: 37.779 },
  ],
  suggestedCrs: [],
  field_changes: [],
  clear_missing: false,
  ...more,
});

const PROJECTED = answer({
  created: 0,
  rejected: [{ row: 2, reason: "These look like projected coordinates: choose the coordinate system" }],
  rejected_count: 2,
  bounds: null,
  crs: null,
  area: null,
  sample: [],
  suggestedCrs: [
    { code: STATE_PLANE.code, name: STATE_PLANE.name },
    { code: UTM.code, name: UTM.name },
  ],
});

/** As the map screen holds it: mounted while open, gone once closed. */
function Host() {
  const [open, setOpen] = useState(true);
  return open ? <ImportPolesDialog onClose={() => setOpen(false)} /> : null;
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Host />
    </QueryClientProvider>,
  );
}

const csv = () => new File(["pole_numbe,installed_,X,Y\nP-1,1987,6010000,2110000\n"], "register.csv");
const choose = (file: File) => userEvent.upload(screen.getByLabelText("Choose file"), file);
const crsField = () => screen.getByRole("combobox", { name: "Coordinate system" });
const sent = (xhr: FakeXhr | undefined, field: string) => {
  const value = xhr?.body?.get(field);
  return typeof value === "string" ? value : null;
};
const lastRequest = () => FakeXhr.sent.at(-1);

async function searchAndChoose(text: string, option: RegExp) {
  await userEvent.clear(crsField());
  await userEvent.type(crsField(), text);
  await userEvent.click(await screen.findByRole("option", { name: option }));
}

describe("ImportPolesDialog: coordinate system, mapping, preview", () => {
  it("searches the coordinate systems and sends the chosen one with the dry run and the import", async () => {
    const server = fakeServer({
      "GET /api/crs": () => ({ status: 200, body: { systems: [STATE_PLANE, UTM] } }),
    });
    renderDialog();
    expect(crsField()).toHaveValue("WGS 84 (longitude/latitude)");

    await searchAndChoose("california", /NAD83 \/ California zone 3 \(ftUS\) \(EPSG:2227\)/);
    expect(server.actions().map((c) => c.path)).toEqual(["/api/crs?q=california&limit=20"]);
    expect(crsField()).toHaveValue("NAD83 / California zone 3 (ftUS) (EPSG:2227)");

    await choose(csv());
    expect(sent(lastRequest(), "crs")).toBe("EPSG:2227");
    lastRequest()?.reply(200, answer());
    await userEvent.click(await screen.findByRole("button", { name: "Import 2 poles" }));
    const real = lastRequest();
    expect(real?.url).toBe("/api/poles/import");
    expect(sent(real, "crs")).toBe("EPSG:2227");
  });

  it("chooses a system with the keyboard alone", async () => {
    fakeServer({ "GET /api/crs": () => ({ status: 200, body: { systems: [STATE_PLANE, UTM] } }) });
    renderDialog();
    crsField().focus();
    await userEvent.keyboard("{Control>}a{/Control}utm");
    await screen.findByRole("option", { name: /EPSG:26910/ });
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(crsField()).toHaveValue("NAD83 / UTM zone 10N (EPSG:26910)");

    await choose(csv());
    expect(sent(lastRequest(), "crs")).toBe("EPSG:26910");
  });

  it("sends no system for WGS 84 and says a Shapefile's .prj decides", async () => {
    fakeServer();
    renderDialog();
    await choose(csv());
    expect(sent(lastRequest(), "crs")).toBeNull();
    lastRequest()?.reply(200, answer({ crs: null }));
    await screen.findByRole("button", { name: "Import 2 poles" });

    await choose(new File(["PK"], "register.zip"));
    expect(screen.queryByRole("combobox", { name: "Coordinate system" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Coordinate system")).toHaveValue(
      "Set by the file: a Shapefile's .prj, a GeoPackage's layer",
    );
    expect(screen.getByLabelText("Coordinate system")).toBeDisabled();
    expect(sent(lastRequest(), "crs")).toBeNull();
    lastRequest()?.reply(200, answer());
    await waitFor(() =>
      expect(screen.getByLabelText("Coordinate system")).toHaveValue(
        "From the Shapefile's .prj: NAD83 / California zone 3 (ftUS) (EPSG:2227)",
      ),
    );
    // A GeoPackage's layer names its system as well: no `crs` goes with it.
    await choose(new File(["SQLite format 3"], "register.gpkg"));
    expect(screen.getByLabelText("Coordinate system")).toBeDisabled();
    expect(sent(lastRequest(), "crs")).toBeNull();
  });

  it("says when the coordinate systems cannot be searched", async () => {
    fakeServer({
      "GET /api/crs": () => ({ status: 400, body: { code: "bad_request", message: "q is too long" } }),
    });
    renderDialog();
    await userEvent.type(crsField(), "nad");
    expect(
      await screen.findByText("The coordinate systems could not be searched: q is too long"),
    ).toBeInTheDocument();
    expect(crsField()).toHaveAttribute("aria-invalid", "true");
  });

  it("shows the columns as read before the import and checks again with a changed mapping", async () => {
    fakeServer();
    renderDialog();
    await choose(csv());
    expect(sent(lastRequest(), "mapping")).toBeNull();
    lastRequest()?.reply(200, answer());

    const table = await screen.findByRole("table", { name: "Columns" });
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((c) => c.textContent),
    ).toEqual(["pole_numbe", "installed_", "X", "Y"]);
    const field = within(table).getByRole("combobox", { name: "Field for column pole_numbe" });
    expect(field).toHaveDisplayValue("Keep as attribute");
    expect(within(field).getByRole("option", { name: "Ignore" })).toBeInTheDocument();
    await userEvent.selectOptions(field, "tag");

    const again = lastRequest();
    expect(FakeXhr.sent).toHaveLength(2);
    expect(again?.url).toBe("/api/poles/import?dryRun=true");
    expect(JSON.parse(sent(again, "mapping") ?? "")).toEqual({ ...MAPPING, pole_numbe: "tag" });
    again?.reply(200, answer({ mapping: { ...MAPPING, pole_numbe: "tag" } }));

    await userEvent.click(await screen.findByRole("button", { name: "Import 2 poles" }));
    expect(JSON.parse(sent(lastRequest(), "mapping") ?? "")).toEqual({ ...MAPPING, pole_numbe: "tag" });
  });

  it("offers the suggested systems of projected rows, one click choosing one and checking again", async () => {
    fakeServer();
    renderDialog();
    await choose(csv());
    lastRequest()?.reply(200, PROJECTED);

    const use = await screen.findByRole("button", { name: "Use NAD83 / UTM zone 10N (EPSG:26910)" });
    expect(screen.getByRole("button", { name: "Import 0 poles" })).toBeDisabled();
    await userEvent.click(use);
    expect(FakeXhr.sent).toHaveLength(2);
    expect(sent(lastRequest(), "crs")).toBe("EPSG:26910");
    expect(crsField()).toHaveValue("NAD83 / UTM zone 10N (EPSG:26910)");
    lastRequest()?.reply(200, answer({ crs: { code: UTM.code, name: UTM.name } }));
    expect(await screen.findByRole("button", { name: "Import 2 poles" })).toBeEnabled();
    expect(
      screen.queryByRole("button", { name: "Use NAD83 / UTM zone 10N (EPSG:26910)" }),
    ).not.toBeInTheDocument();
  });

  it("puts the dry run's sample on the globe over its area, and takes it away on Cancel", async () => {
    fakeServer();
    renderDialog();
    await choose(csv());
    const dry = answer();
    lastRequest()?.reply(200, dry);

    expect(await screen.findByText(/On the map: 2 of 2 positions/)).toBeInTheDocument();
    expect(previewPoints.get().map((p) => [p.longitude, p.latitude])).toEqual([
      [-122.4194, 37.7749],
      [-122.411, 37.779],
    ]);
    expect(previewPoints.area()).toEqual(dry.area);

    // A new check takes the old positions away until it answers.
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Field for column X" }), "ignore");
    expect(previewPoints.get()).toEqual([]);
    lastRequest()?.reply(200, dry);
    await waitFor(() => expect(previewPoints.get()).toHaveLength(2));

    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(previewPoints.get()).toEqual([]);
    expect(previewPoints.area()).toBeNull();
  });

  it("keeps the file, the system and the mapping when a check is refused, and shows why", async () => {
    fakeServer({
      "GET /api/crs": () => ({ status: 200, body: { systems: [STATE_PLANE] } }),
    });
    renderDialog();
    await searchAndChoose("2227", /EPSG:2227/);
    await choose(csv());
    lastRequest()?.reply(200, answer());
    await userEvent.selectOptions(
      await screen.findByRole("combobox", { name: "Field for column Y" }),
      "ignore",
    );
    lastRequest()?.reply(400, {
      code: "import_no_coordinates",
      message: "The mapping has an x column but no y column.",
    });

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The mapping has an x column but no y column.",
    );
    expect(screen.getByText(/register\.csv/)).toBeInTheDocument();
    expect(crsField()).toHaveValue("NAD83 / California zone 3 (ftUS) (EPSG:2227)");
    expect(screen.getByRole("combobox", { name: "Field for column Y" })).toHaveDisplayValue("Ignore");
    expect(previewPoints.get()).toEqual([]);

    // Putting it right sends the same file, system and the corrected mapping.
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Field for column Y" }), "y");
    const retry = lastRequest();
    expect(retry?.fileName).toBe("register.csv");
    expect(sent(retry, "crs")).toBe("EPSG:2227");
    expect(JSON.parse(sent(retry, "mapping") ?? "")).toEqual(MAPPING);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
