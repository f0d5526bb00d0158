/** The 'Import poles' dialog: refusals before sending, the dry run, the import, the map's refresh. */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { PoleImportResult } from "@poleatlas/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr, openRequests } from "../../../test/fake-xhr";
import { ImportPolesDialog } from "./import-poles-dialog";

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const DRY: PoleImportResult = {
  created: 2,
  updated: 1,
  unchanged: 4,
  rejected: [
    { row: 3, reason: "latitude 91 is out of range" },
    { row: 7, reason: "tag P-1 appears twice in this file" },
  ],
  rejected_count: 14,
  bounds: { minLon: -122.4194, minLat: 37.7749, maxLon: -122.417, maxLat: 37.776 },
  dry_run: true,
  visits: 0,
  mapping: {},
  crs: null,
  area: null,
  sample: [],
  field_changes: [],
  clear_missing: false,
};

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // What the map shows: a region's poles and the regions, cached before the import.
  client.setQueryData(["poles", { region: "-122.4,37.8" }], { ids: [] });
  client.setQueryData(["regions"], { regions: [] });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ImportPolesDialog onClose={onClose} />
    </QueryClientProvider>,
  );
  return { client, onClose };
}

const csv = (name = "poles.csv", bytes = "tag,lat,lon\nP-1,37.7749,-122.4194\n") =>
  new File([bytes], name, { type: "text/csv" });

const choose = (file: File) => userEvent.upload(screen.getByLabelText("Choose file"), file);

describe("ImportPolesDialog", () => {
  it("shows the dry run, imports with progress, shows the final counts and refreshes the map", async () => {
    const { client } = renderDialog();
    await choose(csv());
    const [dry] = openRequests();
    expect(dry?.url).toBe("/api/poles/import?dryRun=true");
    expect(dry?.fileName).toBe("poles.csv");
    dry?.progress(50, 100);
    expect(await screen.findByText("Sending the file: 50%")).toBeInTheDocument();
    dry?.reply(200, DRY);

    const summary = await screen.findByRole("region", { name: "What the import will do" });
    expect(within(summary).getByText("New poles").nextSibling).toHaveTextContent("2");
    expect(within(summary).getByText("Rejected rows", { selector: "dt" }).nextSibling).toHaveTextContent(
      "14",
    );
    expect(within(summary).getByText("Row 3: latitude 91 is out of range")).toBeInTheDocument();
    expect(within(summary).getByText("Row 7: tag P-1 appears twice in this file")).toBeInTheDocument();
    expect(within(summary).getByText("and 12 more")).toBeInTheDocument();
    expect(within(summary).getByText(/37\.77490, -122\.41940 to 37\.77600, -122\.41700/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Import 3 poles" }));
    const [real] = openRequests();
    expect(real?.url).toBe("/api/poles/import");
    real?.progress(100, 100);
    expect(await screen.findByText("Importing…", { selector: "p" })).toBeInTheDocument();
    real?.reply(200, { ...DRY, rejected: [], rejected_count: 0, dry_run: false });

    expect(await screen.findByText("2 new, 1 updated. The poles are on the map.")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Imported" })).toBeInTheDocument();
    expect(client.getQueryState(["poles", { region: "-122.4,37.8" }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(["regions"])?.isInvalidated).toBe(true);
    expect(screen.getByRole("button", { name: "Close" })).toBeInTheDocument();
  });

  it("lists per field what a re-import changes, and checks again when told to clear missing fields", async () => {
    renderDialog();
    await choose(csv());
    const [first] = openRequests();
    expect(first?.body?.get("clearMissing")).toBeNull();
    first?.reply(200, {
      ...DRY,
      field_changes: [{ name: "material", kind: "field", changed: 3, cleared: 0 }],
    });
    const changes = await screen.findByRole("list", { name: "Changes by field" });
    expect(within(changes).getByText("Material: 3 changed")).toBeInTheDocument();

    // By the keyboard: Tab to the box, Space ticks it, and the file is checked again with it.
    const box = screen.getByRole("checkbox", { name: "Clear the fields this file has no column for" });
    expect(box).not.toBeChecked();
    box.focus();
    await userEvent.keyboard(" ");
    const [again] = openRequests();
    expect(again?.url).toBe("/api/poles/import?dryRun=true");
    expect(again?.body?.get("clearMissing")).toBe("true");
    again?.reply(200, {
      ...DRY,
      clear_missing: true,
      field_changes: [
        { name: "height_m", kind: "field", changed: 0, cleared: 3 },
        { name: "owner", kind: "attribute", changed: 1, cleared: 2 },
      ],
    });
    const cleared = await screen.findByText("Height in metres: 3 cleared");
    expect(cleared).toBeInTheDocument();
    expect(screen.getByText("owner: 1 changed, 2 cleared")).toBeInTheDocument();
    expect(box).toBeChecked();

    // The import sends the same choice.
    await userEvent.click(screen.getByRole("button", { name: "Import 3 poles" }));
    expect(openRequests()[0]?.body?.get("clearMissing")).toBe("true");
  });

  it("refuses a file of another type before sending anything", async () => {
    renderDialog();
    await userEvent.upload(screen.getByLabelText("Choose file"), new File(["x"], "poles.xlsx"), {
      applyAccept: false,
    });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "poles.xlsx is not a CSV, a GeoJSON, a zipped Shapefile or a GeoPackage (.csv, .geojson, .json, .zip or .gpkg).",
    );
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Import 0 poles" })).toBeDisabled();
  });

  it("shows the server's refusal and lets another file be chosen", async () => {
    const { client } = renderDialog();
    await choose(csv("register.csv", "name\nfoo\n"));
    openRequests()[0]?.reply(400, {
      code: "import_no_coordinates",
      message:
        "The CSV has no latitude/longitude columns: name them lat/latitude/y and lon/lng/long/longitude/x.",
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("The CSV has no latitude/longitude columns");
    expect(client.getQueryState(["regions"])?.isInvalidated).toBe(false);
    await choose(csv());
    expect(openRequests()).toHaveLength(1);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("is used with the keyboard: Tab reaches 'Choose file', Escape closes", async () => {
    const { onClose } = renderDialog();
    const button = screen.getByRole("button", { name: "Choose file" });
    const click = vi.spyOn(screen.getByLabelText("Choose file"), "click");
    button.focus();
    await userEvent.keyboard("{Enter}");
    expect(click).toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalled();
  });
});
