/**
 * Pure data → marker mapping the GlobeController draws. No Cesium here, so it runs in unit tests
 * (a real Viewer cannot start without WebGL).
 */
import {
  mapScreenTexts,
  OVERDUE_RING,
  RISK_CODES,
  RISK_COLORS,
  UNRATED_LOOK,
  type InspectionKey,
  type RegionSummary,
  type RiskKey,
} from "@poleatlas/shared";

export type MarkerKind = "region" | "photo";

/** What a picked primitive carries as its `id`, so a click tells us which record it was. */
export interface MarkerRef {
  kind: MarkerKind;
  id: string;
}

export interface MarkerSpec extends MarkerRef {
  longitude: number;
  latitude: number;
  /** CSS colours; the spec's yellow disc with a black outline when absent. */
  fill?: string;
  outline?: string;
}

export type { RiskKey };

/** The legend's views: the poles' condition (the spec's Risk Levels, plus Overdue), or inspection due. */
export type LegendMode = "condition" | "inspection";
/** What a legend entry hides: a risk level, poles with an overdue finding, an inspection state. */
export type LegendKey = RiskKey | "overdue" | `inspection-${InspectionKey}`;

/** A pole in region view (kind "photo": the photo layer's); its id is the pole's id. */
export interface PoleMarkerSpec extends MarkerSpec {
  kind: "photo";
  risk: RiskKey;
  /** The pole's name shown beside it at street zoom: its tag, else its label; "" when neither. */
  label: string;
}

export interface RegionMarkerSpec extends MarkerSpec {
  kind: "region";
  label: string;
  count: number;
}

/** Marker look: yellow as the spec says; sizes in CSS pixels. */
export const MARKER_STYLE = {
  color: "#FFFF00",
  outlineColor: "#000000",
  regionPixelSize: 16,
  photoPixelSize: 11,
  selectedPixelSize: 20,
  selectedOutlineColor: "#FFFFFF",
  candidatePixelSize: 30,
  candidateRingColor: "#00E5FF",
  candidateRingWidth: 4,
  outlineWidth: 2,
  labelFont: "600 14px sans-serif",
} as const;

/** At most this many region labels are drawn at once: glyphs are billboards, costly by the 10k. */
export const MAX_REGION_LABELS = 30;

/**
 * The spec's label, word for word: 'Region N (count images)'. Where the workspace imported a pole
 * register the region also counts its poles: 'Region 4 (120 poles, 37 images)'.
 */
export function regionLabel(region: Pick<RegionSummary, "name" | "count" | "poles">): string {
  if (region.poles !== undefined) return `${region.name} (${region.poles} poles, ${region.count} images)`;
  return `${region.name} (${region.count} images)`;
}

/** A position on the globe: finite, latitude within ±90°, longitude within ±180°. */
export function isCoordinate(lon: number | undefined, lat: number | undefined): boolean {
  return (
    lon !== undefined &&
    lat !== undefined &&
    Number.isFinite(lon) &&
    Number.isFinite(lat) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180
  );
}

/**
 * One marker per region. With risk levels hidden by the legend, a region counts only the poles of
 * the levels shown, its ring follows the worst of those, and a region with none of them is left
 * out (one without any poles at all stays: nothing in it is hidden).
 */
export function regionMarkers(
  regions: readonly RegionSummary[],
  hidden: ReadonlySet<LegendKey> = new Set(),
): RegionMarkerSpec[] {
  const out: RegionMarkerSpec[] = [];
  for (const r of regions) {
    if (!isCoordinate(r.longitude, r.latitude)) continue;
    const poles = RISK_CODES.reduce((n, key) => n + r.risk[key], 0);
    const shown = RISK_CODES.reduce((n, key) => n + (hidden.has(key) ? 0 : r.risk[key]), 0);
    const filtered = RISK_CODES.some((key) => hidden.has(key) && r.risk[key] > 0);
    if (filtered && shown === 0) continue;
    out.push({
      kind: "region",
      id: r.id,
      longitude: r.longitude,
      latitude: r.latitude,
      label: filtered ? mapScreenTexts.regionPolesShown(r.name, shown, poles) : regionLabel(r),
      count: r.count,
      outline: regionOutline(r, hidden),
    });
  }
  return out;
}

/** An unrated pole's ring: grey, which no risk level uses. */
export const NOT_RATED_RING = UNRATED_LOOK.outline;

/**
 * A pole's look: the legend's colour as a filled disc; unrated, a grey ring around a dark centre,
 * so at marker size it never reads as Medium Risk's filled yellow (a yellow ring did).
 */
export function riskLook(risk: RiskKey): { fill: string; outline: string } {
  if (risk === "unrated") return { ...UNRATED_LOOK };
  return { fill: RISK_COLORS[risk], outline: MARKER_STYLE.outlineColor };
}

export { OVERDUE_RING };

/** The 'Inspection due' view's colours: inspected, due soon, overdue, no inspection on record (a grey ring as unrated). */
export function inspectionLook(state: InspectionKey): { fill: string; outline: string } {
  if (state === "never") return riskLook("unrated");
  const fill = { current: RISK_COLORS.low, due: "#ff9800", overdue: RISK_COLORS.high }[state];
  return { fill, outline: MARKER_STYLE.outlineColor };
}

/**
 * The worst risk among a region's poles of the levels shown: its marker's outline says it (none:
 * the spec's black).
 */
export function regionOutline(region: RegionSummary, hidden: ReadonlySet<LegendKey> = new Set()): string {
  if (region.risk.high > 0 && !hidden.has("high")) return RISK_COLORS.high;
  if (region.risk.medium > 0 && !hidden.has("medium")) return "#ff9800";
  return MARKER_STYLE.outlineColor;
}

/** Reads back what `scene.pick` found; anything that is not one of our markers is "empty space". */
export function toMarkerRef(picked: unknown): MarkerRef | undefined {
  if (typeof picked !== "object" || picked === null) return undefined;
  const id = (picked as { id?: unknown }).id;
  if (typeof id !== "object" || id === null) return undefined;
  const { kind, id: markerId } = id as Partial<MarkerRef>;
  if ((kind === "region" || kind === "photo") && typeof markerId === "string") return { kind, id: markerId };
  return undefined;
}

export interface ViewBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

function inView(m: MarkerSpec, view: ViewBox): boolean {
  if (m.latitude < view.south || m.latitude > view.north) return false;
  // A view rectangle crossing the antimeridian has west > east.
  return view.west <= view.east
    ? m.longitude >= view.west && m.longitude <= view.east
    : m.longitude >= view.west || m.longitude <= view.east;
}

/**
 * Which regions get a label: those in view (all of them when the view is unknown, e.g. the
 * whole globe is visible), the biggest first, at most `max`. Points are always drawn.
 */
export function regionsToLabel(
  markers: readonly RegionMarkerSpec[],
  view: ViewBox | undefined,
  max = MAX_REGION_LABELS,
): RegionMarkerSpec[] {
  const visible = view ? markers.filter((m) => inView(m, view)) : [...markers];
  if (visible.length <= max) return visible;
  return visible.sort((a, b) => b.count - a.count).slice(0, max);
}

/** Room one region label needs on screen, in CSS pixels ('Region 1234 (5678 images)' at 14 px). */
export const LABEL_BOX = { width: 170, height: 26 } as const;

/**
 * Keeps labels from overlapping: biggest regions first, a label is drawn only if no chosen label
 * is within one label box of it. `place` gives a marker's screen position (undefined when it is
 * not on screen). A grid of label-sized cells makes this O(n).
 */
export function declutterLabels<M extends RegionMarkerSpec>(
  markers: readonly M[],
  place: (m: M) => { x: number; y: number } | undefined,
  box: { width: number; height: number } = LABEL_BOX,
): M[] {
  const taken = new Map<string, { x: number; y: number }[]>();
  const out: M[] = [];
  for (const m of [...markers].sort((a, b) => b.count - a.count)) {
    const at = place(m);
    if (!at) continue;
    const cx = Math.floor(at.x / box.width);
    const cy = Math.floor(at.y / box.height);
    let free = true;
    for (let dx = -1; dx <= 1 && free; dx++) {
      for (let dy = -1; dy <= 1 && free; dy++) {
        for (const o of taken.get(`${cx + dx},${cy + dy}`) ?? []) {
          if (Math.abs(o.x - at.x) < box.width && Math.abs(o.y - at.y) < box.height) free = false;
        }
      }
    }
    if (!free) continue;
    const key = `${cx},${cy}`;
    taken.set(key, [...(taken.get(key) ?? []), at]);
    out.push(m);
  }
  return out;
}

/**
 * Back to the overview when the camera was zoomed out above the limit in region view, but not
 * while a flight we started is still under way (a flight begins high above), nor before the
 * camera was sent to the region at all: a link or a reload names the region before the regions
 * have arrived, and the camera still stands over the overview then.
 */
export function shouldReturnToOverview(
  mode: "overview" | "region",
  cameraHeightM: number,
  flying: boolean,
  limitM: number,
  sentToRegion: boolean,
): boolean {
  return mode === "region" && sentToRegion && !flying && cameraHeightM > limitM;
}

/** Software WebGL (no GPU) needs the cheap settings: measured ~600 → ~100 ms a frame. */
export function isSoftwareRenderer(renderer: string | undefined | null): boolean {
  if (!renderer) return false;
  return /swiftshader|llvmpipe|softpipe|software|basic render driver/i.test(renderer);
}
