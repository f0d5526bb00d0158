/**
 * The column names registers use for each field, lower case, as utilities' GIS exports spell
 * them, with the cuts a Shapefile makes of them: its .dbf keeps 10 characters of a name, and GDAL
 * numbers the second of two names cut alike (last_inspected_on → last_inspe, then
 * last_inspection_type → last_ins_1).
 */
import type { ImportField } from "@poleatlas/shared";

const NAMES: Partial<Record<ImportField, string[]>> = {
  tag: [
    "tag",
    "pole_id",
    "poleid",
    "pole_number",
    "pole_numbe",
    "polenumber",
    "pole_no",
    "pole_num",
    "pole_tag",
    "tag_number",
    "tag_numbe",
    "asset_tag",
  ],
  label: ["label", "pole_label", "pole_name"],
  latitude: ["latitude", "lat"],
  longitude: ["longitude", "lon", "lng", "long"],
  x: ["x", "easting", "east", "x_coord", "xcoord", "point_x"],
  y: ["y", "northing", "north", "y_coord", "ycoord", "point_y"],
  material: ["material", "pole_material", "pole_mater", "pole_mat"],
  height_m: [
    "height_m",
    "height",
    "pole_height",
    "pole_heigh",
    "height_met",
    "height_metres",
    "height_meters",
    "pole_height_m",
  ],
  height_ft: ["height_ft", "height_feet", "height_fee", "pole_height_ft", "pole_hei_1", "heightft"],
  class: ["class", "pole_class", "pole_clas", "class_"],
  installed_year: [
    "installed_year",
    "installed_",
    "installed",
    "year_installed",
    "year_insta",
    "inst_year",
    "install_yr",
    "install_year",
    "install_ye",
    "year_built",
    "year",
  ],
  circuit: [
    "circuit",
    "circuit_id",
    "circuit_name",
    "circuit_na",
    "feeder",
    "feeder_id",
    "feeder_name",
    "feeder_nam",
  ],
  owner: ["owner", "pole_owner", "owned_by", "owner_name", "owner_nam"],
  last_inspected_on: [
    "last_inspected_on",
    "last_inspe",
    "last_inspection",
    "last_inspection_date",
    "inspected_on",
    "inspection_date",
  ],
  last_inspection_type: [
    "last_inspection_type",
    "last_ins_1",
    "inspection_type",
    "inspecti_1",
    "inspection_t",
  ],
  // What an export of the poles layer adds about photos and ratings: not the register's.
  ignore: [
    "risk",
    "photo_count",
    "photo_coun",
    "photo_cnt",
    "last_photo_date",
    "last_photo",
    "last_visit_on",
    "last_visit",
    "inspection_due_on",
    "insp_due",
    "source",
    // Where the exporting workspace had the position from: an import makes its own.
    "position_source",
    "pos_source",
    // The lean measured from the exporting workspace's photos, not the register's.
    "lean_deg",
    "lean_toward_deg",
    "lean_dir",
    "lean_apparent",
    "lean_appar",
    "lean_measured_at",
    "lean_meas",
    "pole_uuid",
  ],
};

/**
 * What a PoleAtlas poles export (a file with `pole_uuid`) derives from the exporting workspace's
 * findings, ratings and visits: left out when such a file is imported, and only then, since a
 * register of its own may well have a `condition`. By full name and by the Shapefile's cut.
 */
const EXPORT_DERIVED = new Set([
  "condition",
  "condition_source",
  "cond_src",
  "inspection_state",
  "insp_state",
]);
/** An inspection type's columns: `inspection_<code>_last_visit_on`…, in a Shapefile `<code>_last`…. */
const EXPORT_TYPE_COLUMN =
  /^inspection_[a-z0-9][a-z0-9-]*_(?:last_visit_on|due_on|state)$|^[a-z][a-z0-9_]{0,4}_(?:last|due|stat)$/;

export const isExportDerived = (lowerName: string) =>
  EXPORT_DERIVED.has(lowerName) || EXPORT_TYPE_COLUMN.test(lowerName);

/** Field by lower-case column name. */
export const FIELD_BY_NAME: ReadonlyMap<string, ImportField> = new Map(
  Object.entries(NAMES).flatMap(([field, names]) => names.map((n) => [n, field as ImportField] as const)),
);

/**
 * Record identifiers a GIS adds (a database's key, a Shapefile's or GeoPackage's feature id): the
 * tag when the file has no tag column, so that importing the file again updates its poles.
 */
export const IDENTIFIER_NAMES = [
  "id",
  "asset_id",
  "assetid",
  "gid",
  "fid",
  "objectid",
  "object_id",
  "ogc_fid",
  "feature_id",
  "featureid",
  "pole_key",
];
