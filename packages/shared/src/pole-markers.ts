/**
 * A region's poles as the map draws them (GET /api/poles?region=), in two forms: the compact
 * form the server sends (poleMarkersWireSchema) and the columns the web reads (PoleMarkers), which
 * poleMarkersSchema decodes from it. Pure, so both apps and their tests share one decoder.
 */
import { z } from "zod";
import type { RiskKey } from "./risk";

/** A pole's risk as one small number in the compact marker form: its index here. */
export const RISK_CODES = ["unrated", "low", "medium", "high"] as const satisfies readonly RiskKey[];

/**
 * A pole's inspection state as the legend's 'Inspection due' view draws it: inspected within the
 * cycle, due in its last year, overdue after it, or never inspected (no photo, no finding).
 */
export const INSPECTION_CODES = ["current", "due", "overdue", "never"] as const;
export type InspectionKey = (typeof INSPECTION_CODES)[number];

/** The number a marker form's version says: the form below. */
export const POLE_MARKERS_FORMAT = 2;

const code = (codes: readonly string[]) =>
  z
    .number()
    .int()
    .min(0)
    .max(codes.length - 1);
/** One digit a pole, item i of the string being pole i (`"0312"`). */
const digits = (codes: readonly string[]) => z.string().regex(new RegExp(`^[0-${codes.length - 1}]*$`));

/**
 * The compact form the server sends, column by column, oldest pole first; item i of every column is
 * pole i. 100k poles: ~2.1 MB brotli (the ids ~1.6 MB of it, random bytes that no encoding
 * shrinks), where the earlier form of uuid texts and decimal degrees took 2.7 MB. Everything else
 * about a pole (dates, its photos) comes from GET /api/poles/:id when it is selected.
 */
export const poleMarkersWireSchema = z.object({
  format: z.literal(POLE_MARKERS_FORMAT),
  count: z.number().int().min(0),
  /** Every pole's uuid as its 16 bytes, one after another, in base64 (no line breaks). */
  id_bytes: z.string(),
  /** Micro-degrees (degrees × 1e6, whole) the positions count from: the region's centre. */
  origin: z.object({ latitude: z.number().int(), longitude: z.number().int() }),
  /** Micro-degrees from the origin (~0.1 m): the position rounded to 6 decimals. */
  latitudes: z.array(z.number().int()),
  longitudes: z.array(z.number().int()),
  /** A digit a pole: its index into RISK_CODES. */
  risks: digits(RISK_CODES),
  /** Photos on the pole. */
  counts: z.array(z.number().int()),
  /** The pole's set label, "" where it has none. */
  labels: z.array(z.string()),
  /** The register's tag, "" where it has none (the region's pole list sorts by it). */
  tags: z.array(z.string()),
  /** A digit a pole: 1 where it has an open finding past its due date. */
  overdue: digits(["0", "1"]),
  /** A digit a pole: its index into INSPECTION_CODES. */
  inspections: digits(INSPECTION_CODES),
});
export type PoleMarkersWire = z.infer<typeof poleMarkersWireSchema>;

/**
 * The columns the map reads: the earlier answer's form, which the web keeps (an answer of it may
 * still sit in an offline cache). Item i of every column is pole i.
 */
export const poleMarkerColumnsSchema = z.object({
  ids: z.array(z.string()),
  /** Degrees, rounded to 6 decimals (~0.1 m). */
  latitudes: z.array(z.number()),
  longitudes: z.array(z.number()),
  /** Index into RISK_CODES. */
  risks: z.array(code(RISK_CODES)),
  /** Photos on the pole. */
  counts: z.array(z.number().int()),
  /** Set labels only, by pole id (most poles have none). */
  labels: z.record(z.string(), z.string()),
  /** The register's tag of each pole, "" where it has none. Absent from an older server. */
  tags: z.array(z.string()).optional(),
  /** 1 where the pole has an open finding past its due date. Absent from an older server. */
  overdue: z.array(z.number().int().min(0).max(1)).optional(),
  /** Index into INSPECTION_CODES: the pole's inspection state. Absent from an older server. */
  inspections: z.array(code(INSPECTION_CODES)).optional(),
});
export type PoleMarkers = z.infer<typeof poleMarkerColumnsSchema>;

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/** The uuids in `base64` (16 bytes each) as their usual lower-case texts. */
export function decodePoleIds(base64: string, count: number): string[] {
  const bytes = atob(base64);
  if (bytes.length !== count * 16) throw new Error(`${bytes.length} id bytes for ${count} poles`);
  const hex = (at: number) => HEX[bytes.charCodeAt(at)]!;
  const ids = new Array<string>(count);
  for (let i = 0, b = 0; i < count; i++, b += 16) {
    ids[i] =
      hex(b) +
      hex(b + 1) +
      hex(b + 2) +
      hex(b + 3) +
      "-" +
      hex(b + 4) +
      hex(b + 5) +
      "-" +
      hex(b + 6) +
      hex(b + 7) +
      "-" +
      hex(b + 8) +
      hex(b + 9) +
      "-" +
      hex(b + 10) +
      hex(b + 11) +
      hex(b + 12) +
      hex(b + 13) +
      hex(b + 14) +
      hex(b + 15);
  }
  return ids;
}

const digitsOf = (text: string) => Array.from(text, Number);

/** The compact form as the columns the map reads; throws when its columns do not line up. */
export function decodePoleMarkers(wire: PoleMarkersWire): PoleMarkers {
  const { count, origin } = wire;
  const lengths = [wire.latitudes, wire.longitudes, wire.risks, wire.counts, wire.labels, wire.tags];
  if (
    lengths.some((c) => c.length !== count) ||
    wire.overdue.length !== count ||
    wire.inspections.length !== count
  )
    throw new Error(`the marker columns do not all hold ${count} poles`);
  const ids = decodePoleIds(wire.id_bytes, count);
  const labels: Record<string, string> = {};
  wire.labels.forEach((label, i) => {
    if (label !== "") labels[ids[i]!] = label;
  });
  return {
    ids,
    latitudes: wire.latitudes.map((n) => (origin.latitude + n) / 1e6),
    longitudes: wire.longitudes.map((n) => (origin.longitude + n) / 1e6),
    risks: digitsOf(wire.risks),
    counts: wire.counts,
    labels,
    tags: wire.tags,
    overdue: digitsOf(wire.overdue),
    inspections: digitsOf(wire.inspections),
  };
}

/**
 * GET /api/poles?region= as the map reads it: the compact form decoded, or an answer of the
 * earlier form (an offline cache's) as it is.
 */
export const poleMarkersSchema = z.union([
  poleMarkersWireSchema.transform((wire, ctx) => {
    try {
      return decodePoleMarkers(wire);
    } catch (err) {
      ctx.addIssue({ code: "custom", message: (err as Error).message });
      return z.NEVER;
    }
  }),
  poleMarkerColumnsSchema,
]);
