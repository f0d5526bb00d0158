/**
 * The XMP a blurred photo keeps: a new packet holding only the properties PoleAtlas reads (the
 * EXIF position, date and heading editors copy into XMP) and authorship. It is written afresh
 * rather than trimmed, so nothing it does not name survives: not xmp:Thumbnails, not the
 * depth or portrait images phones hide in XMP, not an extended packet.
 */
import { EXIF_NAMESPACE, xmpListItems, xmpPrefixes, xmpProperty } from "@poleatlas/shared/exif";

interface Namespace {
  uri: string;
  prefix: string;
  /** Simple properties (a text each). */
  simple: string[];
  /** List properties (rdf:Seq / rdf:Alt of texts) and their list kind. */
  lists?: Record<string, "Seq" | "Alt">;
}

const KEPT: Namespace[] = [
  {
    uri: EXIF_NAMESPACE,
    prefix: "exif",
    simple: [
      "DateTimeOriginal",
      "GPSLatitude",
      "GPSLongitude",
      "GPSAltitude",
      "GPSAltitudeRef",
      "GPSImgDirection",
      "GPSImgDirectionRef",
      "GPSTimeStamp",
      "FocalLengthIn35mmFilm",
    ],
  },
  { uri: "http://ns.adobe.com/tiff/1.0/", prefix: "tiff", simple: ["Orientation"] },
  { uri: "http://ns.adobe.com/xap/1.0/", prefix: "xmp", simple: ["CreateDate"] },
  { uri: "http://ns.adobe.com/photoshop/1.0/", prefix: "photoshop", simple: ["DateCreated"] },
  {
    uri: "http://purl.org/dc/elements/1.1/",
    prefix: "dc",
    simple: [],
    lists: { creator: "Seq", rights: "Alt" },
  },
];

/** Control characters XML 1.0 does not allow (all below a space but tab, newline and return). */
const notInXml = (c: string) => c < " " && c !== "\t" && c !== "\n" && c !== "\r";

const escapeXml = (s: string) =>
  [...s]
    .filter((c) => !notInXml(c))
    .join("")
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A packet with only the kept properties of `xmp`; null when it has none of them. */
export function keptXmp(xmp: string): string | null {
  const attributes: string[] = [];
  const elements: string[] = [];
  const used = new Set<Namespace>();
  for (const ns of KEPT) {
    const prefixes = xmpPrefixes(xmp, ns.uri, ns.prefix);
    for (const name of ns.simple) {
      const value = xmpProperty(xmp, prefixes, name);
      if (value === null) continue;
      attributes.push(`${ns.prefix}:${name}="${escapeXml(value)}"`);
      used.add(ns);
    }
    for (const [name, kind] of Object.entries(ns.lists ?? {})) {
      let items = xmpListItems(xmp, prefixes, name);
      // Some writers put a single text where the standard asks for a list.
      const single = items.length === 0 ? xmpProperty(xmp, prefixes, name) : null;
      if (single !== null) items = [{ text: single, lang: null }];
      if (items.length === 0) continue;
      const li = items.map(({ text, lang }) => {
        const language = kind === "Alt" ? ` xml:lang="${escapeXml(lang ?? "x-default")}"` : "";
        return `<rdf:li${language}>${escapeXml(text)}</rdf:li>`;
      });
      elements.push(`<${ns.prefix}:${name}><rdf:${kind}>${li.join("")}</rdf:${kind}></${ns.prefix}:${name}>`);
      used.add(ns);
    }
  }
  if (used.size === 0) return null;
  const bindings = [...used].map((ns) => `xmlns:${ns.prefix}="${ns.uri}"`);
  return [
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>`,
    `<x:xmpmeta xmlns:x="adobe:ns:meta/">`,
    `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`,
    `<rdf:Description rdf:about="" ${[...bindings, ...attributes].join(" ")}>`,
    ...elements,
    `</rdf:Description>`,
    `</rdf:RDF>`,
    `</x:xmpmeta>`,
    `<?xpacket end="w"?>`,
  ].join("\n");
}
