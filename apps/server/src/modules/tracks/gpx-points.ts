/**
 * A GPX file's points read from its text a chunk at a time: a 44 MB track of 600k points was one
 * XML parse into a tree of objects, ~16 s during which the server answered nothing. Here the
 * markup is scanned as it arrives and only what a track needs is kept: each track, route and
 * waypoint point's lat, lon and <time>, and the names.
 *
 * The XML is checked as far as that needs: tags nest and close in order under one <gpx> root, at
 * most MAX_XML_DEPTH deep, no tag or kept text runs past its limit, and no DOCTYPE: GPX has no
 * DTD, and entities are how a file makes a parser fetch a URL, read a local file or expand itself
 * a billion times, so none is read.
 */
import { StringDecoder } from "node:string_decoder";
import { trackTexts } from "@poleatlas/shared";

/** A GPX needs 6 levels (gpx, trk, trkseg, trkpt, extensions, one inside). */
export const MAX_XML_DEPTH = 64;
/** The longest tag (with its attributes); no GPX tag comes near it. */
const MAX_TAG_CHARS = 64 * 1024;
/** The longest <time> or <name> kept; the rest is dropped. */
const MAX_KEPT_CHARS = 1024;

export class GpxError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A point as found: its attributes and time as text, checked by the track's reader. */
export interface GpxPoint {
  lat: string | undefined;
  lon: string | undefined;
  time: string | undefined;
}

const POINT_PARENTS: Record<string, string> = { trkpt: "gpx/trk/trkseg", rtept: "gpx/rte", wpt: "gpx" };
const NAME_OF: Record<string, "track" | "metadata" | "route"> = {
  "gpx/trk": "track",
  "gpx/metadata": "metadata",
  "gpx/rte": "route",
};
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const NAME = /^[A-Za-z_][\w.\-:]*$/;

const notXml = () => new GpxError(trackTexts.notXml, "invalid_track");

/** Text with XML's five entities and character references read; any other is not XML. */
function decode(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&([^;&<]{0,12});/g, (_all, ref: string) => {
    if (ref in ENTITIES) return ENTITIES[ref]!;
    const code = /^#x[0-9a-f]+$/i.test(ref)
      ? parseInt(ref.slice(2), 16)
      : /^#\d+$/.test(ref)
        ? Number(ref.slice(1))
        : NaN;
    if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) throw notXml();
    return String.fromCodePoint(code);
  });
}

export class GpxPoints {
  private text = "";
  private readonly decoder = new StringDecoder("utf8");
  /** The open elements, outermost first: their full names, and the path of local names to each. */
  private readonly open: string[] = [];
  private readonly paths: string[] = [];
  private rootSeen = false;
  private point: GpxPoint | null = null;
  /** The open point's path. */
  private pointPath = "";
  private kept: { into: "time" | "track" | "metadata" | "route"; text: string } | null = null;
  private tracks = 0;
  private routes = 0;
  readonly names: { track?: string; metadata?: string; route?: string } = {};
  /** Every point found, with or without a time. */
  positions = 0;

  /** `onPoint` gets each point as its element closes; more than `maxPoints` is a GpxError. */
  constructor(
    private readonly maxPoints: number,
    private readonly onPoint: (p: GpxPoint) => void,
  ) {}

  feed(chunk: Buffer): void {
    this.text += this.decoder.write(chunk);
    this.scan(false);
  }

  /** The file is over: a GpxError unless it was one whole <gpx> document. */
  end(): void {
    this.text += this.decoder.end();
    this.scan(true);
    if (this.text.trim() !== "" || this.open.length > 0) throw notXml();
    if (!this.rootSeen) throw new GpxError(trackTexts.notGpx, "invalid_track");
  }

  private scan(atEnd: boolean): void {
    const text = this.text;
    let pos = 0;
    for (;;) {
      const lt = text.indexOf("<", pos);
      if (lt < 0) {
        this.onText(text.slice(pos));
        pos = text.length;
        break;
      }
      if (lt > pos) this.onText(text.slice(pos, lt));
      pos = lt;
      const end = this.markup(text, pos, atEnd);
      if (end < 0) break;
      pos = end;
    }
    this.text = text.slice(pos);
    if (this.text.length > MAX_TAG_CHARS)
      throw new GpxError(trackTexts.tagTooLong(MAX_TAG_CHARS / 1024), "invalid_track");
  }

  /** Reads the markup at `pos` (a '<'); answers where it ends, or -1 when it is not all here. */
  private markup(text: string, pos: number, atEnd: boolean): number {
    const next = text.charCodeAt(pos + 1);
    if (next === 0x3f /* ? */) return this.through(text, "?>", pos + 2, atEnd);
    if (next === 0x21 /* ! */) {
      // "<!" could yet turn out to be a comment or CDATA.
      if (text.length - pos < 9 && !atEnd) return -1;
      if (text.startsWith("<!--", pos)) return this.through(text, "-->", pos + 4, atEnd);
      if (!text.startsWith("<![CDATA[", pos)) throw new GpxError(trackTexts.doctype, "invalid_track");
      const end = this.through(text, "]]>", pos + 9, atEnd);
      if (end >= 0) this.keep(text.slice(pos + 9, end - 3), true);
      return end;
    }
    const end = this.tagEnd(text, pos);
    if (end < 0) {
      if (atEnd) throw notXml();
      return -1;
    }
    if (end - pos > MAX_TAG_CHARS)
      throw new GpxError(trackTexts.tagTooLong(MAX_TAG_CHARS / 1024), "invalid_track");
    if (next === 0x2f /* / */) {
      this.close(text.slice(pos + 2, end - 1).trim());
      return end;
    }
    const selfClosing = text.charCodeAt(end - 2) === 0x2f;
    const inner = text.slice(pos + 1, selfClosing ? end - 2 : end - 1);
    const space = inner.search(/[\s/]/);
    const name = space < 0 ? inner : inner.slice(0, space);
    this.openElement(name, space < 0 ? "" : inner.slice(space));
    if (selfClosing) this.close(name);
    return end;
  }

  /** Just past the first `by` from `from`, or -1 when it has not arrived. */
  private through(text: string, by: string, from: number, atEnd: boolean): number {
    const i = text.indexOf(by, from);
    if (i < 0 && atEnd) throw notXml();
    return i < 0 ? -1 : i + by.length;
  }

  /** Just past the '>' that ends the tag at `pos` (quotes may hold one), or -1. */
  private tagEnd(text: string, pos: number): number {
    const gt = text.indexOf(">", pos + 1);
    if (gt < 0) return -1;
    const lt = text.indexOf("<", pos + 1);
    // Most tags: no quote before the '>' that could hide it.
    const quote = text.slice(pos + 1, gt).search(/["']/);
    if (quote < 0) {
      if (lt >= 0 && lt < gt) throw notXml();
      return gt + 1;
    }
    let open = "";
    for (let i = pos + 1; i < text.length; i++) {
      const c = text[i]!;
      if (open) {
        if (c === open) open = "";
      } else if (c === '"' || c === "'") open = c;
      else if (c === ">") return i + 1;
      else if (c === "<") throw notXml();
    }
    return -1;
  }

  private openElement(name: string, attributes: string): void {
    if (!NAME.test(name)) throw notXml();
    const local = name.slice(name.indexOf(":") + 1);
    if (this.open.length === 0) {
      if (this.rootSeen) throw notXml();
      this.rootSeen = true;
      if (local !== "gpx") throw new GpxError(trackTexts.notGpx, "invalid_track");
    }
    if (this.open.length >= MAX_XML_DEPTH)
      throw new GpxError(trackTexts.tooDeep(MAX_XML_DEPTH), "invalid_track");
    const parent = this.paths.at(-1) ?? "";
    this.open.push(name);
    this.paths.push(parent ? `${parent}/${local}` : local);
    if (local === "trk" && parent === "gpx") this.tracks++;
    if (local === "rte" && parent === "gpx") this.routes++;
    if (POINT_PARENTS[local] === parent) {
      this.positions++;
      if (this.positions > this.maxPoints)
        throw new GpxError(trackTexts.tooManyPoints(this.maxPoints), "track_too_large");
      const attrs: Record<string, string> = {};
      for (const [, key, double, single] of attributes.matchAll(ATTRIBUTE))
        attrs[key!.slice(key!.indexOf(":") + 1)] = decode(double ?? single ?? "");
      this.point = { lat: attrs.lat, lon: attrs.lon, time: undefined };
      this.pointPath = this.paths.at(-1)!;
      return;
    }
    if (local === "time" && this.point && this.point.time === undefined && this.pointPath === parent)
      this.kept = { into: "time", text: "" };
    const named = NAME_OF[parent];
    const first = named === "track" ? this.tracks === 1 : named === "route" ? this.routes === 1 : true;
    if (local === "name" && named && first && this.names[named] === undefined)
      this.kept = { into: named, text: "" };
  }

  private close(name: string): void {
    if (this.open.at(-1) !== name) throw notXml();
    this.open.pop();
    const path = this.paths.pop()!;
    const local = path.slice(path.lastIndexOf("/") + 1);
    const kept = this.kept;
    if (kept && (local === "time" || local === "name")) {
      this.kept = null;
      const text = decode(kept.text);
      if (kept.into === "time") this.point!.time = text;
      else this.names[kept.into] = text;
      return;
    }
    if (this.point && path === this.pointPath) {
      this.onPoint(this.point);
      this.point = null;
    }
  }

  private onText(text: string): void {
    if (text) this.keep(text, false);
  }

  /** Text inside a kept element; CDATA is taken as it is. */
  private keep(text: string, cdata: boolean): void {
    if (!this.kept || this.kept.text.length >= MAX_KEPT_CHARS) return;
    // CDATA holds no entities: its & must not be read as one.
    this.kept.text += (cdata ? text.replaceAll("&", "&amp;").replaceAll("<", "&lt;") : text).slice(
      0,
      MAX_KEPT_CHARS,
    );
  }
}
