/**
 * Datum shifts for the systems whose definition shifts the datum by a grid file (+nadgrids) that
 * the server does not ship. Without the grid, GDAL (PROJ) falls back on the registry's best
 * Helmert transformation for the datum; the import does the same, so a register lands where
 * ogr2ogr puts it. Values are PROJ's `towgs84` (position vector) of those transformations.
 */
const HELMERT_BY_DATUM: Record<string, string> = {
  // OSGB36 to WGS 84 (6), 2 m: Great Britain.
  Ordnance_Survey_of_Great_Britain_1936: "446.448,-125.157,542.06,0.15,0.247,0.842,-20.489",
  // NAD27 to WGS 84 (4), 10 m: the contiguous United States.
  North_American_Datum_1927: "-8,160,176",
  // DHDN to WGS 84 (2), 3 m: the states of former West Germany.
  Deutsches_Hauptdreiecksnetz: "598.1,73.7,418.2,0.202,0.045,-2.455,6.7",
  // NZGD49 to WGS 84 (2), 4 m.
  New_Zealand_Geodetic_Datum_1949: "59.47,-5.04,187.44,0.47,-0.1,1.024,-4.5993",
  // AGD84 to WGS 84 (7), 3 m.
  Australian_Geodetic_Datum_1984: "-117.763,-51.51,139.061,0.292,0.443,0.277,-0.191",
  // Corrego Alegre 1970-72 to WGS 84 (4), 5 m.
  "Corrego_Alegre_1970-72": "-206.05,168.28,-3.82",
};

/**
 * The definition with its grid replaced by its datum's Helmert shift; a datum without one keeps
 * its coordinates unshifted, as PROJ's ballpark transformation does.
 */
export function withoutGrid(proj4: string, wkt: string): string {
  if (!/\+nadgrids=/.test(proj4) || /\+nadgrids=@null\b/.test(proj4)) return proj4;
  const datum = /DATUM\["([^"]+)"/.exec(wkt)?.[1];
  const shift = datum === undefined ? undefined : HELMERT_BY_DATUM[datum];
  const bare = proj4.replace(/\s*\+nadgrids=("[^"]*"|\S+)/, "");
  return shift === undefined ? bare : `${bare} +towgs84=${shift}`;
}
