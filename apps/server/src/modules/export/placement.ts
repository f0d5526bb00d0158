/**
 * Positions in the export's coordinate system. A system cannot express every place (Web Mercator
 * has no y at the poles, a projection's formulas leave their domain): such a row keeps its values
 * and goes without a position (null geometry, empty x and y), and the file counts them where its
 * format has room for a word (GeoJSON's `unplaceable` member, a GeoPackage's description, a
 * Shapefile's note).
 */
import { exportTexts } from "@poleatlas/shared";
import type { CoordinateSystem } from "../../formats/coordinate-systems";

export class Placement {
  /** Rows whose position the system could not express. */
  unplaceable = 0;

  /** `system` null: WGS 84 longitude/latitude as stored. */
  constructor(readonly system: CoordinateSystem | null) {}

  /** [x, y] in the system; null when it gives no finite numbers for the place (counted). */
  place(lon: number, lat: number): [number, number] | null {
    if (!this.system) return [lon, lat];
    let xy: [number, number];
    try {
      xy = this.system.fromWgs84(lon, lat);
    } catch {
      xy = [Number.NaN, Number.NaN];
    }
    if (Number.isFinite(xy[0]) && Number.isFinite(xy[1])) return [xy[0], xy[1]];
    this.unplaceable += 1;
    return null;
  }

  /** The file's word on the rows without a position; null when there are none. */
  note(): string | null {
    if (this.unplaceable === 0 || !this.system) return null;
    return exportTexts.unplaceable(this.unplaceable, this.system.code);
  }
}
