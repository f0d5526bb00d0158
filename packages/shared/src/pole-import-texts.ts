/** The 'Import poles' dialog (owners and admins): the file, its dry run, the import, the result. */
export const poleImportDialogTexts = {
  navItem: "Import poles",
  title: "Import poles",
  intro:
    "Add the utility's pole register: a CSV with coordinate columns, a GeoJSON of Points, a zipped Shapefile or a GeoPackage. Poles with a tag already here are updated.",
  chooseFile: "Choose file",
  chosen: (name: string, size: string) => `${name} (${size})`,
  wrongType: (name: string) =>
    `${name} is not a CSV, a GeoJSON, a zipped Shapefile or a GeoPackage (.csv, .geojson, .json, .zip or .gpkg).`,
  tooBig: (mb: number) => `The file is larger than ${mb} MB.`,
  checking: "Checking the file…",
  uploading: (percent: number) => `Sending the file: ${percent}%`,
  reading: "Reading the rows…",
  dryRunTitle: "What the import will do",
  doneTitle: "Imported",
  created: "New poles",
  updated: "Updated",
  unchanged: "Unchanged",
  rejected: "Rejected rows",
  visits: "Inspection visits",
  rejectedList: "Rejected rows",
  rejectedRow: (row: number, reason: string) => `Row ${row}: ${reason}`,
  moreRejected: (n: number) => `and ${n} more`,
  bounds: "Area",
  boundsText: (b: { minLat: number; minLon: number; maxLat: number; maxLon: number }) =>
    `${b.minLat.toFixed(5)}, ${b.minLon.toFixed(5)} to ${b.maxLat.toFixed(5)}, ${b.maxLon.toFixed(5)}`,
  preview: "Where the poles stand",
  nothingToImport: "No row of this file can be imported.",
  importing: "Importing…",
  import: (n: number) => (n === 1 ? "Import 1 pole" : `Import ${n.toLocaleString("en-US")} poles`),
  importVisits: (n: number) =>
    n === 1 ? "Record 1 inspection visit" : `Record ${n.toLocaleString("en-US")} inspection visits`,
  cancel: "Cancel",
  close: "Close",
  failed: "The import failed. Please try again.",
  fieldChangesTitle: "What the updated poles change",
  fieldChanges: "Changes by field",
  position: "Position",
  fieldChange: (field: string, changed: number, cleared: number) =>
    `${field}: ${[
      changed > 0 && `${changed.toLocaleString("en-US")} changed`,
      cleared > 0 && `${cleared.toLocaleString("en-US")} cleared`,
    ]
      .filter(Boolean)
      .join(", ")}`,
  clearMissing: "Clear the fields this file has no column for",
  clearMissingHelp:
    "Off, the poles this file updates keep every field and attribute it has no column for. On, the file is the whole register: those are cleared.",
  doneSummary: (created: number, updated: number) =>
    `${created.toLocaleString("en-US")} new, ${updated.toLocaleString("en-US")} updated. The poles are on the map.`,
} as const;

/** The import dialog's coordinate system, column mapping and preview on the map. */
export const poleImportSetupTexts = {
  crsLabel: "Coordinate system",
  crsWgs84: "WGS 84 (longitude/latitude)",
  crsOption: (name: string, code: string) => `${name} (${code})`,
  crsDetails: (parts: readonly (string | null)[]) => parts.filter(Boolean).join(" · "),
  crsHelp: "Search by EPSG code, name or area, e.g. 2227 or California.",
  crsSearching: "Searching…",
  crsNoMatch: "No coordinate system matches",
  crsSearchFailed: (message: string) => `The coordinate systems could not be searched: ${message}`,
  crsFromPrj: "Set by the file: a Shapefile's .prj, a GeoPackage's layer",
  crsFromPrjNamed: (name: string, code: string) => `From the Shapefile's .prj: ${name} (${code})`,
  suggestionsTitle: "These look like projected coordinates. Likely systems:",
  useSuggestion: (name: string, code: string) => `Use ${name} (${code})`,
  mappingTitle: "Columns",
  mappingHelp: "Which field each column of the file fills. A change checks the file again.",
  mappingColumn: "Column in the file",
  mappingField: "Field",
  mappingFieldOf: (column: string) => `Field for column ${column}`,
  fields: {
    tag: "Tag",
    label: "Label",
    latitude: "Latitude",
    longitude: "Longitude",
    x: "X (easting)",
    y: "Y (northing)",
    material: "Material",
    height_m: "Height in metres",
    height_ft: "Height in feet",
    class: "Class",
    installed_year: "Installed year",
    circuit: "Circuit",
    owner: "Owner",
    last_inspected_on: "Last inspected on",
    last_inspection_type: "Last inspection type",
    attribute: "Keep as attribute",
    ignore: "Ignore",
  },
  previewOnMap: (shown: number, rows: number) =>
    `On the map: ${shown.toLocaleString("en-US")} of ${rows.toLocaleString("en-US")} positions, before anything is written.`,
} as const;
