/**
 * A GeoJSON track's points from its text (on the track thread: a 30 MB file is one JSON.parse
 * of about a second on a busy core). LineString / MultiLineString, bare, as a Feature or in a
 * FeatureCollection, with per-point times in `properties.coordTimes` or `properties.times`.
 * The points come out flat, three numbers each ([ms, latitude, longitude]; NaN for a position
 * without a usable time), so they cross back to the request thread as one buffer.
 */
import { asText, point } from "./track-point";

interface Geometry {
  type?: unknown;
  coordinates?: unknown;
}
interface Feature {
  type?: unknown;
  geometry?: Geometry | null;
  properties?: Record<string, unknown> | null;
}

export type GeoJsonPoints = { name: string | null; flat: Float64Array<ArrayBuffer> } | { unreadable: true };

export function geojsonPoints(text: string): GeoJsonPoints {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return { unreadable: true };
  }
  const lines: { coords: unknown[]; times: unknown[] }[] = [];
  let name: string | null = null;
  for (const f of asFeatures(doc)) {
    const g = f.geometry;
    const props = f.properties ?? {};
    const times = props.coordTimes ?? props.times;
    name ??= asText(props.name);
    if (g?.type === "LineString" && Array.isArray(g.coordinates)) {
      lines.push({ coords: g.coordinates, times: Array.isArray(times) ? times : [] });
    } else if (g?.type === "MultiLineString" && Array.isArray(g.coordinates)) {
      g.coordinates.forEach((line, i) => {
        const lineTimes: unknown = Array.isArray(times) ? times[i] : undefined;
        if (Array.isArray(line))
          lines.push({ coords: line, times: Array.isArray(lineTimes) ? lineTimes : [] });
      });
    }
  }
  if (lines.length === 0) return { unreadable: true };
  const flat = new Float64Array(lines.reduce((n, l) => n + l.coords.length, 0) * 3);
  let at = 0;
  for (const { coords, times } of lines) {
    for (let i = 0; i < coords.length; i++, at += 3) {
      const c = coords[i];
      const p = Array.isArray(c) ? point(times[i], c[1], c[0]) : null;
      flat.set(p ?? [NaN, NaN, NaN], at);
    }
  }
  return { name, flat };
}

function asFeatures(doc: unknown): Feature[] {
  if (typeof doc !== "object" || doc === null) return [];
  const d = doc as Feature & { features?: unknown };
  if (d.type === "FeatureCollection" && Array.isArray(d.features)) {
    return d.features.filter((f): f is Feature => typeof f === "object" && f !== null);
  }
  if (d.type === "Feature") return [d];
  if (d.type === "LineString" || d.type === "MultiLineString") return [{ geometry: d }];
  return [];
}
