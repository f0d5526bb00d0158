/**
 * A GeoJSON register (RFC 7946: a FeatureCollection of Points in WGS84). The file is parsed
 * whole: registers that large come as CSV or Shapefile, which stream.
 */
import { readFile } from "node:fs/promises";
import { poleImportTexts } from "@poleatlas/shared";
import { badRequest } from "../../../errors";
import type { FieldValue, SourceRow } from "./source-row";

interface Feature {
  geometry?: { type?: unknown; coordinates?: unknown } | null;
  properties?: Record<string, unknown> | null;
}

const unreadable = () => badRequest(poleImportTexts.geojsonUnreadable, "import_unreadable");

export async function* readGeoJson(file: string): AsyncGenerator<SourceRow> {
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(file, "utf8"));
  } catch {
    throw unreadable();
  }
  const features = (doc as { type?: unknown; features?: unknown }).features;
  if ((doc as { type?: unknown }).type !== "FeatureCollection" || !Array.isArray(features))
    throw unreadable();
  let row = 0;
  for (const feature of features as Feature[]) {
    row += 1;
    const geometry = feature?.geometry;
    if (!geometry) {
      yield { row, reason: poleImportTexts.noCoordinates };
      continue;
    }
    if (geometry.type !== "Point") {
      yield { row, reason: poleImportTexts.notAPoint(String(geometry.type)) };
      continue;
    }
    const [lon, lat] = Array.isArray(geometry.coordinates) ? (geometry.coordinates as unknown[]) : [];
    const fields: Record<string, FieldValue> = {};
    for (const [k, v] of Object.entries(feature.properties ?? {})) {
      fields[k] =
        typeof v === "string" || typeof v === "number" || typeof v === "boolean" || v === null
          ? v
          : JSON.stringify(v);
    }
    yield { row, lon, lat, fields };
  }
}
