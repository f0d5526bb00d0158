/**
 * The two marker layers on the globe, drawn with primitive collections (not entities): 100k
 * points cost ~136 ms to add and ~50 MB, entities 1.9 s and 1.2 GB. Updates are diffs, so a new
 * upload or a deletion touches only the markers that changed.
 */
import {
  BlendOption,
  Cartesian2,
  Cartesian3,
  Color,
  HorizontalOrigin,
  LabelCollection,
  LabelStyle,
  NearFarScalar,
  PointPrimitiveCollection,
  PrimitiveCollection,
  VerticalOrigin,
  type PointPrimitive,
  type Scene,
} from "cesium";
import {
  declutterLabels,
  MARKER_STYLE,
  MAX_REGION_LABELS,
  regionsToLabel,
  type MarkerRef,
  type MarkerSpec,
  type PoleMarkerSpec,
  type RegionMarkerSpec,
  type ViewBox,
} from "./markers";

const YELLOW = Color.fromCssColorString(MARKER_STYLE.color);
const OUTLINE = Color.fromCssColorString(MARKER_STYLE.outlineColor);
const css = (color: string | undefined, fallback: Color) =>
  color ? Color.fromCssColorString(color) : fallback;
/** An unrated pole's ring is drawn thicker than an outline, so it reads as a ring. */
const RING_WIDTH = 3;
const SELECTED_OUTLINE = Color.fromCssColorString(MARKER_STYLE.selectedOutlineColor);
/** Closer than this the markers ignore the depth test, so the ground never half-hides them. */
const NO_DEPTH_TEST_WITHIN_M = 50_000;
/** Grid cells for culling: regions spread over the world, photos over one 0.1° region. */
const REGION_CELL_DEG = 10;
const PHOTO_CELL_DEG = 0.01;
/**
 * Markers shrink with distance: a whole region of photos seen from 10 km stays legible and the
 * software renderer fills far fewer pixels (overdraw was the cost with 100k points on screen).
 */
const PHOTO_SCALE = new NearFarScalar(2_000, 1.0, 20_000, 0.45);
const REGION_SCALE = new NearFarScalar(200_000, 1.0, 20_000_000, 0.6);

interface Placed<S extends MarkerSpec> {
  spec: S;
  point: PointPrimitive;
  bucket: string;
}

/**
 * Shared diffing: keep unchanged points, move changed ones, add new ones, drop the rest.
 * Points are spread over one collection per grid cell (`cellDeg`), so Cesium culls the cells
 * that are off screen or behind the globe as a whole: at 3000 m over a region of 100k photos
 * only a few cells are drawn and picked.
 */
class PointLayer<S extends MarkerSpec> {
  protected readonly placed = new Map<string, Placed<S>>();
  private readonly container = new PrimitiveCollection();
  private readonly buckets = new Map<string, PointPrimitiveCollection>();

  constructor(
    protected readonly scene: Scene,
    private readonly pixelSize: number,
    private readonly cellDeg: number,
    private readonly scaleByDistance: NearFarScalar,
  ) {
    scene.primitives.add(this.container);
  }

  private cell(spec: MarkerSpec): string {
    return `${Math.floor(spec.longitude / this.cellDeg)},${Math.floor(spec.latitude / this.cellDeg)}`;
  }

  private add(spec: S): void {
    const bucket = this.cell(spec);
    let points = this.buckets.get(bucket);
    if (!points) {
      // Our markers are opaque: one opaque pass instead of Cesium's default opaque + translucent.
      points = new PointPrimitiveCollection({ blendOption: BlendOption.OPAQUE });
      this.buckets.set(bucket, points);
      this.container.add(points);
    }
    const ref: MarkerRef = { kind: spec.kind, id: spec.id };
    const point = points.add({
      id: ref,
      position: Cartesian3.fromDegrees(spec.longitude, spec.latitude),
      color: css(spec.fill, YELLOW),
      pixelSize: this.pixelSize,
      outlineColor: this.outlineOf(spec),
      outlineWidth: this.outlineWidthOf(spec),
      disableDepthTestDistance: NO_DEPTH_TEST_WITHIN_M,
      scaleByDistance: this.scaleByDistance,
    });
    this.placed.set(spec.id, { spec, point, bucket });
  }

  private remove(id: string): void {
    const placed = this.placed.get(id);
    if (!placed) return;
    const points = this.buckets.get(placed.bucket);
    if (points) {
      points.remove(placed.point);
      if (points.length === 0) {
        this.buckets.delete(placed.bucket);
        this.container.remove(points);
      }
    }
    this.placed.delete(id);
  }

  set(specs: readonly S[]): void {
    const next = new Set<string>();
    for (const spec of specs) {
      next.add(spec.id);
      const old = this.placed.get(spec.id);
      if (old && old.spec.longitude === spec.longitude && old.spec.latitude === spec.latitude) {
        if (old.spec.fill !== spec.fill || old.spec.outline !== spec.outline) {
          old.point.color = css(spec.fill, YELLOW);
          old.point.outlineColor = this.outlineOf(spec);
          old.point.outlineWidth = this.outlineWidthOf(spec);
        }
        old.spec = spec;
        continue;
      }
      if (old) this.remove(spec.id);
      this.add(spec);
    }
    for (const id of [...this.placed.keys()]) if (!next.has(id)) this.remove(id);
    this.scene.requestRender();
  }

  protected outlineOf(spec: S): Color {
    return css(spec.outline, OUTLINE);
  }

  private outlineWidthOf(spec: S): number {
    return spec.outline && spec.outline !== MARKER_STYLE.outlineColor
      ? RING_WIDTH
      : MARKER_STYLE.outlineWidth;
  }

  /** The colours of each drawn marker, by id (for tests). */
  looks(): Record<string, { fill: string; outline: string }> {
    const out: Record<string, { fill: string; outline: string }> = {};
    for (const [id, { spec }] of this.placed)
      out[id] = { fill: spec.fill ?? MARKER_STYLE.color, outline: spec.outline ?? MARKER_STYLE.outlineColor };
    return out;
  }

  /** Visible point count (for tests and the benchmark). */
  get size(): number {
    let n = 0;
    for (const { point } of this.placed.values()) if (point.show) n++;
    return n;
  }

  /** How many collections (grid cells) the points are spread over. */
  get cellCount(): number {
    return this.buckets.size;
  }

  point(id: string): PointPrimitive | undefined {
    return this.placed.get(id)?.point;
  }

  positionOf(id: string): Cartesian3 | undefined {
    return this.placed.get(id)?.point.position;
  }

  destroy(): void {
    this.scene.primitives.remove(this.container);
  }
}

/** Screen position of a point, or undefined when it is not visible (behind the globe, off screen). */
export type Projector = (position: Cartesian3) => { x: number; y: number } | undefined;

export class RegionLayer extends PointLayer<RegionMarkerSpec> {
  // Glyph edges are translucent; one translucent pass instead of two.
  private readonly labels = new LabelCollection({ blendOption: BlendOption.TRANSLUCENT });
  private hiddenId: string | null = null;
  /** What the drawn labels show; null forces a redraw (an empty key is a real "no labels"). */
  private labelledKey: string | null = null;
  private view: ViewBox | undefined;
  private project: Projector | undefined;

  constructor(scene: Scene) {
    super(scene, MARKER_STYLE.regionPixelSize, REGION_CELL_DEG, REGION_SCALE);
    scene.primitives.add(this.labels);
  }

  override set(specs: readonly RegionMarkerSpec[]): void {
    super.set(specs);
    this.labelledKey = null;
    this.relabel(this.view);
  }

  /** In region view the current region's own marker gives way to its photos. */
  hide(id: string | null): void {
    if (this.hiddenId === id) return;
    if (this.hiddenId) {
      const old = this.placed.get(this.hiddenId);
      if (old) old.point.show = true;
    }
    this.hiddenId = id;
    const now = id ? this.placed.get(id) : undefined;
    if (now) now.point.show = false;
    this.relabel(this.view);
  }

  /**
   * Labels only for the regions in view, biggest first, within a budget, and never on top of
   * each other (see markers.ts): readable, and cheap with 10k regions.
   */
  relabel(view: ViewBox | undefined, project: Projector | undefined = this.project): void {
    this.view = view;
    this.project = project;
    const specs = [...this.placed.values()].map((p) => p.spec).filter((s) => s.id !== this.hiddenId);
    const chosen = project
      ? declutterLabels(regionsToLabel(specs, view, Infinity), (spec) => {
          const position = this.positionOf(spec.id);
          return position && project(position);
        }).slice(0, MAX_REGION_LABELS)
      : regionsToLabel(specs, view);
    const key = chosen.map((s) => `${s.id}:${s.label}`).join("|");
    if (key === this.labelledKey) return;
    this.labelledKey = key;
    this.labels.removeAll();
    for (const spec of chosen) {
      this.labels.add({
        position: Cartesian3.fromDegrees(spec.longitude, spec.latitude),
        text: spec.label,
        font: MARKER_STYLE.labelFont,
        fillColor: Color.WHITE,
        outlineColor: Color.BLACK,
        outlineWidth: 3,
        style: LabelStyle.FILL_AND_OUTLINE,
        verticalOrigin: VerticalOrigin.BOTTOM,
        horizontalOrigin: HorizontalOrigin.CENTER,
        pixelOffset: new Cartesian2(0, -14),
        disableDepthTestDistance: NO_DEPTH_TEST_WITHIN_M,
        id: { kind: "region", id: spec.id } satisfies MarkerRef,
      });
    }
    this.scene.requestRender();
  }

  get labelCount(): number {
    return this.labels.length;
  }

  /** The label texts drawn now (tests read them: the canvas has no DOM text). */
  labelTexts(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.labels.length; i++) out.push(this.labels.get(i).text);
    return out;
  }

  override destroy(): void {
    this.scene.primitives.remove(this.labels);
    super.destroy();
  }
}

export class PhotoLayer extends PointLayer<MarkerSpec> {
  private selectedId: string | null = null;
  /** A pole's marker stands for all its photos: which marker shows which photo. */
  private markerOfPhoto = new Map<string, string>();
  private selectedPhoto: string | null = null;

  /** One marker per pole; the selected photo's pole stays highlighted. */
  setPoles(specs: readonly PoleMarkerSpec[]): void {
    this.markerOfPhoto = new Map(specs.flatMap((m) => m.photoIds.map((id) => [id, m.id] as const)));
    this.set(specs);
    this.selectPhoto(this.selectedPhoto);
  }

  selectPhoto(photoId: string | null): void {
    this.selectedPhoto = photoId;
    this.select(photoId && (this.markerOfPhoto.get(photoId) ?? null));
  }

  constructor(scene: Scene) {
    super(scene, MARKER_STYLE.photoPixelSize, PHOTO_CELL_DEG, PHOTO_SCALE);
  }

  override set(specs: readonly MarkerSpec[]): void {
    super.set(specs);
    // A re-added selected photo needs its highlight again.
    const keep = this.selectedId;
    this.selectedId = null;
    this.select(keep);
  }

  select(id: string | null): void {
    if (this.selectedId === id) return;
    const old = this.selectedId ? this.placed.get(this.selectedId) : undefined;
    if (old) {
      old.point.pixelSize = MARKER_STYLE.photoPixelSize;
      old.point.outlineColor = this.outlineOf(old.spec);
    }
    this.selectedId = id;
    const now = id ? this.point(id) : undefined;
    if (now) {
      now.pixelSize = MARKER_STYLE.selectedPixelSize;
      now.outlineColor = SELECTED_OUTLINE;
    }
    this.scene.requestRender();
  }
}
