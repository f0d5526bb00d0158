/**
 * The few XMP properties PoleAtlas needs (exif:DateTimeOriginal, exif:GPSLatitude/Longitude),
 * read from an XMP packet's text. Editors (Lightroom, darktable, phone gallery apps) often drop
 * the EXIF block and keep only these, so the reader falls back to them.
 *
 * Why not an XML parser: the packet comes from a user's file, we need three simple values, and
 * exifr's XMP parser revives dates in the process's time zone. Properties are found
 * both as attributes (exif:GPSLatitude="…") and as elements (<exif:GPSLatitude>…</…>), under
 * whatever prefix the packet binds to the EXIF namespace. Anything that does not read cleanly is
 * treated as missing: the patterns are linear (no nested quantifiers), so hostile text cannot
 * make them slow.
 */
import { parseExifDateTime, toDecimalDegrees } from "./exif-values";

export const EXIF_NAMESPACE = "http://ns.adobe.com/exif/1.0/";

export interface XmpReading {
  /** Decimal degrees (negative S/W), null when missing or unreadable. */
  latitude: number | null;
  longitude: number | null;
  /** As parseExifDateTime: the written calendar day and wall-clock time (with its offset, if any). */
  dateTimeOriginal: { date: string; timestamp: string } | null;
}

export const NO_XMP: XmpReading = { latitude: null, longitude: null, dateTimeOriginal: null };

/** The prefixes a packet binds to `namespace` (`fallback` when it declares none). */
export function xmpPrefixes(xmp: string, namespace: string, fallback: string): string[] {
  const prefixes = new Set<string>();
  const binding = /xmlns:([A-Za-z_][\w.-]{0,40})\s*=\s*["']([^"'<>]{1,200})["']/g;
  for (const m of xmp.matchAll(binding)) if (m[1] && m[2] === namespace) prefixes.add(m[1]);
  if (prefixes.size === 0) prefixes.add(fallback);
  return [...prefixes];
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => XML_ENTITIES[e] ?? "");

/** A property's text, as an attribute or a simple element, under any of `prefixes`; null when absent. */
export function xmpProperty(xmp: string, prefixes: string[], name: string): string | null {
  for (const prefix of prefixes) {
    const qname = `${prefix}:${name}`.replace(/\./g, "\\.");
    const attribute = new RegExp(`[\\s"']${qname}\\s*=\\s*(?:"([^"<]{0,200})"|'([^'<]{0,200})')`).exec(xmp);
    if (attribute) return unescapeXml(attribute[1] ?? attribute[2] ?? "");
    const element = new RegExp(`<${qname}(?:\\s[^>]{0,200})?>([^<]{0,200})</${qname}\\s*>`).exec(xmp);
    if (element) return unescapeXml(element[1] ?? "");
  }
  return null;
}

/** At most this many items of a list property are read (authors, rights in several languages). */
const MAX_LIST_ITEMS = 20;

/**
 * The items of a list property (rdf:Seq, rdf:Bag or rdf:Alt of simple rdf:li), each with its
 * xml:lang when it has one; empty when absent. Items that are not plain text are skipped.
 */
export function xmpListItems(
  xmp: string,
  prefixes: string[],
  name: string,
): { text: string; lang: string | null }[] {
  for (const prefix of prefixes) {
    const qname = `${prefix}:${name}`.replace(/\./g, "\\.");
    const list = new RegExp(`<${qname}(?:\\s[^>]{0,200})?>([^]{0,4000}?)</${qname}\\s*>`).exec(xmp);
    if (!list) continue;
    const items = [];
    for (const m of (list[1] ?? "").matchAll(
      /<([\w.-]{1,40}:)?li(\s[^>]{0,200})?>([^<]{0,200})<\/\1?li\s*>/g,
    )) {
      const lang = /xml:lang\s*=\s*["']([\w-]{1,40})["']/.exec(m[2] ?? "");
      items.push({ text: unescapeXml(m[3] ?? ""), lang: lang?.[1] ?? null });
      if (items.length === MAX_LIST_ITEMS) break;
    }
    return items;
  }
  return [];
}

const XMP_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * An XMP date ("2023-07-14T23:30:05+02:00", seconds and zone optional, or a bare day) as the
 * EXIF reader gives it: the written day, never shifted by its offset; "Z" is kept as +00:00.
 */
export function parseXmpDateTime(text: string | null): { date: string; timestamp: string } | null {
  const m = text === null ? null : XMP_DATE.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00", fraction, zone] = m;
  const offset = zone === "Z" ? "+00:00" : zone;
  return parseExifDateTime(`${y}:${mo}:${d} ${h}:${mi}:${s}`, fraction, offset);
}

const XMP_COORDINATE = /^(\d{1,3}),(\d{1,2}(?:\.\d+)?)(?:,(\d{1,2}(?:\.\d+)?))?([NSEW])$/i;
const DECIMAL = /^[+-]?\d{1,3}(?:\.\d+)?$/;

/**
 * An XMP GPS coordinate: "52,31.2345N" (degrees, decimal minutes), "52,31,14.07N" (degrees,
 * minutes, seconds) or a plain signed decimal ("-33.865143"). The letter must belong to the axis
 * (N/S for latitude, E/W for longitude).
 */
export function parseXmpCoordinate(text: string | null, axis: "latitude" | "longitude"): number | null {
  if (text === null) return null;
  const value = text.trim();
  const max = axis === "latitude" ? 90 : 180;
  if (DECIMAL.test(value)) return toDecimalDegrees(Number(value), undefined, "S", max);
  const m = XMP_COORDINATE.exec(value);
  if (!m) return null;
  const ref = (m[4] ?? "").toUpperCase();
  if (!(axis === "latitude" ? "NS" : "EW").includes(ref)) return null;
  const minutes = Number(m[2]);
  const seconds = m[3] === undefined ? 0 : Number(m[3]);
  if (minutes >= 60 || seconds >= 60) return null;
  return toDecimalDegrees([Number(m[1]), minutes, seconds], ref, axis === "latitude" ? "S" : "W", max);
}

/** Reads the three properties from a packet's text; a malformed packet reads as missing. */
export function readXmp(xmp: string): XmpReading {
  const prefixes = xmpPrefixes(xmp, EXIF_NAMESPACE, "exif");
  const latitude = parseXmpCoordinate(xmpProperty(xmp, prefixes, "GPSLatitude"), "latitude");
  const longitude = parseXmpCoordinate(xmpProperty(xmp, prefixes, "GPSLongitude"), "longitude");
  const placed = latitude !== null && longitude !== null;
  return {
    latitude: placed ? latitude : null,
    longitude: placed ? longitude : null,
    dateTimeOriginal: parseXmpDateTime(xmpProperty(xmp, prefixes, "DateTimeOriginal")),
  };
}
