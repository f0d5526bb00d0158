/**
 * A span between two poles of the register: its length and bearing from the two positions, on the
 * sphere the server measures on everywhere else (R = 6371008.8 m). Over a span's few hundred
 * metres the sphere and the ellipsoid differ by well under 0.5 %.
 */
import type { Span, SpanAnswer } from "@poleatlas/shared";

const R = 6371008.8;
const rad = (d: number) => (d * Math.PI) / 180;

export interface Position {
  latitude: number;
  longitude: number;
}

/** Great-circle distance (haversine) in metres and initial bearing clockwise from true north. */
export function spanBetween(from: Position, to: Position): { length_m: number; bearing_deg: number } {
  const φ1 = rad(from.latitude);
  const φ2 = rad(to.latitude);
  const Δφ = φ2 - φ1;
  const Δλ = rad(to.longitude - from.longitude);
  const h = Math.sin(Δφ / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(Δλ / 2) ** 2;
  const length = 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const bearing = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  return { length_m: length, bearing_deg: bearing };
}

/**
 * Each span as answered: one to a pole measured from `from` to that pole now (null when the pole
 * is not among `positions`, e.g. removed since), one to a point as stored.
 */
export function resolveSpans(
  spans: readonly Span[],
  from: Position | undefined,
  positions: ReadonlyMap<string, Position>,
): SpanAnswer[] {
  return spans.map((span) => {
    if (!("to_pole_id" in span)) return span;
    const to = positions.get(span.to_pole_id);
    if (!from || !to) return { to_pole_id: span.to_pole_id, bearing_deg: null, length_m: null };
    return { to_pole_id: span.to_pole_id, ...spanBetween(from, to) };
  });
}

/** The poles a list of attachments' spans go to. */
export const spanPoleIds = (spans: readonly Span[]): string[] =>
  spans.flatMap((s) => ("to_pole_id" in s ? [s.to_pole_id] : []));
