/**
 * The marks turned into what the server reads: the stick's heights in metres, the points with
 * their kinds, the two vertical lines when both are drawn; a lean's views from the photos whose
 * axis is marked. A height that cannot be read stops the request here, naming the mark.
 */
import type { LeanRequest, LengthUnits, MeasurementCreate } from "@poleatlas/shared";
import { measureToolTexts as t, parseLength } from "@poleatlas/shared";
import type { PhotoMarks } from "./marks";
import type { Pixel } from "./photo-view";

const pair = (p: Pixel): [number, number] => [p[0], p[1]];

export function measurementRequest(
  marks: PhotoMarks,
  units: LengthUnits,
): { body: MeasurementCreate } | { error: string } {
  if (marks.stick.length === 0) return { error: t.needBase };
  const reference: MeasurementCreate["reference"] = [];
  for (const [i, mark] of marks.stick.entries()) {
    const height = parseLength(mark.height, units);
    if (height === null) return { error: t.badHeight(t.stickName(i), mark.height, units) };
    reference.push({ at: pair(mark.at), height_m: height });
  }
  if (marks.points.length === 0) return { error: t.needPoint };
  const points = marks.points.map((p) => ({
    kind: p.kind,
    at: pair(p.at),
    ...(p.label.trim() ? { label: p.label.trim() } : {}),
  }));
  const [a, b, c, d] = marks.verticals;
  const verticals: MeasurementCreate["verticals"] =
    a && b && c && d
      ? [
          [pair(a), pair(b)],
          [pair(c), pair(d)],
        ]
      : undefined;
  return { body: { reference, points, ...(verticals ? { verticals } : {}) } };
}

/** A typed number within bounds, undefined when nothing is typed, NaN when it cannot be read. */
function typed(text: string, max: number): number | undefined {
  if (text.trim() === "") return undefined;
  const value = Number(text.trim().replace(",", "."));
  return Number.isFinite(value) && value >= 0 && value <= max ? value : Number.NaN;
}

/**
 * The lean's views: every photo with both axis points; the typed bearing where the photo has none,
 * the typed sensor width where it has no 35 mm focal length.
 */
export function leanRequest(
  photos: readonly { id: string; name: string; heading: number | null; marks: PhotoMarks }[],
): { body: LeanRequest } | { error: string } {
  const views: LeanRequest["views"] = [];
  for (const { id, name, heading, marks } of photos) {
    const [base, top] = marks.axis;
    if (!base || !top) continue;
    const [p, q] = marks.plumb;
    const bearing = heading === null ? typed(marks.bearing, 360) : undefined;
    if (Number.isNaN(bearing)) return { error: t.badBearing(name) };
    const sensor = typed(marks.sensor, 100);
    if (Number.isNaN(sensor) || sensor === 0) return { error: t.badSensor(name) };
    views.push({
      image_id: id,
      axis: [pair(base), pair(top)],
      ...(p && q ? { plumb: [pair(p), pair(q)] as [[number, number], [number, number]] } : {}),
      ...(bearing === undefined ? {} : { bearing_deg: bearing }),
      ...(sensor === undefined ? {} : { sensor_width_mm: sensor }),
    });
  }
  if (views.length === 0) return { error: t.needAxis };
  return { body: { views } };
}
