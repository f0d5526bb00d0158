/**
 * What the globe's marker layers (region-layer.ts, photo-layer.ts) share: points drawn with
 * primitive collections (not entities): 100k points cost ~136 ms to add and ~50 MB, entities
 * 1.9 s and 1.2 GB. Updates are diffs, so a new upload or a deletion touches only the markers
 * that changed; dense views are capped on screen (screen-cap.ts).
 */
import {
  BlendOption,
  Cartesian3,
  Color,
  LabelStyle,
  NearFarScalar,
  PointPrimitiveCollection,
  type PointPrimitive,
  type Scene,
} from "cesium";
import { MARKER_STYLE, type MarkerRef, type MarkerSpec } from "./markers";
import { capOnScreen, type ScreenCandidate } from "./screen-cap";
import { cellMeets, grow, onViewChanged, sceneScreenView, type ScreenView } from "./screen-view";

export const YELLOW = Color.fromCssColorString(MARKER_STYLE.color);
export const OUTLINE = Color.fromCssColorString(MARKER_STYLE.outlineColor);
export const css = (color: string | undefined, fallback: Color) =>
  color ? Color.fromCssColorString(color) : fallback;
/** An unrated pole's ring is drawn thicker than an outline, so it reads as a ring. */
const RING_WIDTH = 3;
export const SELECTED_OUTLINE = Color.fromCssColorString(MARKER_STYLE.selectedOutlineColor);
/** Region names and pole labels: white, outlined in black, readable on any imagery. */
export const LABEL_LOOK = {
  font: MARKER_STYLE.labelFont,
  fillColor: Color.WHITE,
  outlineColor: Color.BLACK,
  outlineWidth: 3,
  style: LabelStyle.FILL_AND_OUTLINE,
} as const;
/** Closer than this the markers ignore the depth test, so the ground never half-hides them. */
export const NO_DEPTH_TEST_WITHIN_M = 50_000;
/** Grid cells of the index that keeps far markers out of the capping: regions spread over the world, photos over one 0.1° region. */
export const REGION_CELL_DEG = 10;
export const PHOTO_CELL_DEG = 0.01;
/**
 * Markers shrink with distance: a whole region of photos seen from 10 km stays legible and the
 * software renderer fills far fewer pixels (overdraw was the cost with 100k points on screen).
 */
export const PHOTO_SCALE = new NearFarScalar(2_000, 1.0, 20_000, 0.45);
export const REGION_SCALE = new NearFarScalar(200_000, 1.0, 20_000_000, 0.6);

/** Off-screen markers within this share of the canvas's width/height of each edge are still drawn. */
export const SCREEN_MARGIN = 0.5;

interface Placed<S extends MarkerSpec> {
  spec: S;
  position: Cartesian3;
  cell: string;
  /** Its point while it is drawn. */
  point?: PointPrimitive;
}

/**
 * Shared marker layer. It holds every marker it is given (`set`: a diff, so a new upload or a
 * deletion touches only the markers that changed) but draws only some of them: after each data
 * change and when the view changes (the camera stops or the canvas is resized: onViewChanged),
 * the markers in view and around it, none closer than a marker's size to a more important one
 * (capOnScreen), and the pinned one.
 * Only those get a point, all in one collection, so a frame shades and fills a few thousand
 * points at most however many markers there are. A grid index of `cellDeg` cells keeps the
 * markers far from the view out of the work.
 */
export class PointLayer<S extends MarkerSpec> {
  protected readonly placed = new Map<string, Placed<S>>();
  private readonly cells = new Map<string, Set<string>>();
  private readonly points = new PointPrimitiveCollection({ blendOption: BlendOption.OPAQUE });
  private readonly drawn = new Set<string>();
  private hiddenId: string | null = null;
  private pinnedId: string | null = null;
  private stopListening: () => void = () => {};

  constructor(
    protected readonly scene: Scene,
    private readonly pixelSize: number,
    private readonly cellDeg: number,
    private readonly scaleByDistance: NearFarScalar,
  ) {
    // Our markers are opaque: one opaque pass instead of Cesium's default opaque + translucent.
    scene.primitives.add(this.points);
    // Stand-in scenes of unit tests have no camera: everything is drawn there.
    if (!(scene as Partial<Scene>).camera) return;
    this.stopListening = onViewChanged(scene, () => this.refresh());
  }

  private cellOf(spec: MarkerSpec): string {
    return `${Math.floor(spec.longitude / this.cellDeg)},${Math.floor(spec.latitude / this.cellDeg)}`;
  }

  private place(spec: S): void {
    const cell = this.cellOf(spec);
    const position = Cartesian3.fromDegrees(spec.longitude, spec.latitude);
    this.placed.set(spec.id, { spec, position, cell });
    let ids = this.cells.get(cell);
    if (!ids) this.cells.set(cell, (ids = new Set()));
    ids.add(spec.id);
  }

  private unplace(id: string): void {
    const placed = this.placed.get(id);
    if (!placed) return;
    this.undraw(id);
    const ids = this.cells.get(placed.cell);
    ids?.delete(id);
    if (ids?.size === 0) this.cells.delete(placed.cell);
    this.placed.delete(id);
  }

  private draw(id: string): void {
    const placed = this.placed.get(id);
    if (!placed || placed.point) return;
    const { spec } = placed;
    placed.point = this.points.add({
      id: { kind: spec.kind, id: spec.id } satisfies MarkerRef,
      position: placed.position,
      color: css(spec.fill, YELLOW),
      pixelSize: this.pixelSize,
      outlineColor: this.outlineOf(spec),
      outlineWidth: this.outlineWidthOf(spec),
      disableDepthTestDistance: NO_DEPTH_TEST_WITHIN_M,
      scaleByDistance: this.scaleByDistance,
    });
    this.drawn.add(id);
    this.dress(id, placed.point);
  }

  private undraw(id: string): void {
    const placed = this.placed.get(id);
    if (placed?.point) this.points.remove(placed.point);
    if (placed) placed.point = undefined;
    this.drawn.delete(id);
  }

  set(specs: readonly S[]): void {
    const next = new Set<string>();
    for (const spec of specs) {
      next.add(spec.id);
      const old = this.placed.get(spec.id);
      if (old && old.spec.longitude === spec.longitude && old.spec.latitude === spec.latitude) {
        if (old.point && (old.spec.fill !== spec.fill || old.spec.outline !== spec.outline)) {
          old.point.color = css(spec.fill, YELLOW);
          old.point.outlineColor = this.outlineOf(spec);
          old.point.outlineWidth = this.outlineWidthOf(spec);
          // The selected pole keeps its highlight through a new risk.
          this.dress(spec.id, old.point);
        }
        old.spec = spec;
        continue;
      }
      if (old) this.unplace(spec.id);
      this.place(spec);
    }
    for (const id of [...this.placed.keys()]) if (!next.has(id)) this.unplace(id);
    this.refresh();
  }

  /** Draws again what the cap chooses for the camera as it stands (data change, moveEnd). */
  refresh(): void {
    const want = this.choose();
    for (const id of [...this.drawn]) if (!want.has(id)) this.undraw(id);
    for (const id of want) this.draw(id);
    this.drawnChanged();
    this.scene.requestRender();
  }

  private choose(): Set<string> {
    const view = this.screenView();
    const want = new Set<string>();
    if (!view) {
      for (const id of this.placed.keys()) if (id !== this.hiddenId) want.add(id);
      return want;
    }
    const ids: string[] = [];
    const candidates: ScreenCandidate[] = [];
    const { width: w, height: h } = view;
    const [mx, my] = [w * SCREEN_MARGIN, h * SCREEN_MARGIN];
    const near = view.box && grow(view.box, SCREEN_MARGIN);
    for (const [cell, cellIds] of this.cells) {
      if (near && !cellMeets(cell, this.cellDeg, near)) continue;
      for (const id of cellIds) {
        // The pinned one is drawn besides the cap: a selected green pole never hides a red one.
        if (id === this.hiddenId || id === this.pinnedId) continue;
        const placed = this.placed.get(id)!;
        const at = view.project(placed.position);
        if (!at || at.x < -mx || at.y < -my || at.x > w + mx || at.y > h + my) continue;
        const onCanvas = at.x >= 0 && at.y >= 0 && at.x <= w && at.y <= h;
        ids.push(id);
        candidates.push({
          x: at.x,
          y: at.y,
          priority: this.priority(placed.spec),
          coarse: !onCanvas || !at.seen,
        });
      }
    }
    for (const i of capOnScreen(candidates, this.markerPx(view.cameraHeight))) want.add(ids[i]!);
    if (this.pinnedId && this.pinnedId !== this.hiddenId && this.placed.has(this.pinnedId))
      want.add(this.pinnedId);
    return want;
  }

  /** The camera as it stands; none in the stand-in scenes of unit tests (everything drawn). */
  protected screenView(): ScreenView | undefined {
    return (this.scene as Partial<Scene>).camera ? sceneScreenView(this.scene) : undefined;
  }

  /**
   * A marker's size on screen at this camera height (Cesium's point shader: pixel size plus the
   * outline on both sides, times scaleByDistance), with the thicker ring: the cap's distance.
   */
  private markerPx(cameraHeight: number): number {
    const { near, nearValue, far, farValue } = this.scaleByDistance;
    const t = Math.min(1, Math.max(0, (cameraHeight - near) / (far - near)));
    return (this.pixelSize + 2 * RING_WIDTH) * (nearValue + t * (farValue - nearValue));
  }

  /** Which marker is drawn first where markers crowd (higher first). */
  protected priority(_spec: S): number {
    return 0;
  }

  /** Called for each point when it is drawn (again): the selected pole's highlight. */
  protected dress(_id: string, _point: PointPrimitive): void {}

  /** Called after each refresh: the labels follow the drawn markers. */
  protected drawnChanged(): void {}

  /** A marker the app hides (the current region in region view): never drawn, not counted. */
  protected setHidden(id: string | null): void {
    if (this.hiddenId === id) return;
    this.hiddenId = id;
    this.refresh();
  }

  /** A marker drawn whatever the cap says (the selected pole). */
  protected pin(id: string | null): void {
    if (this.pinnedId === id) return;
    this.pinnedId = id;
    if (id && !this.drawn.has(id)) this.refresh();
  }

  /** The markers drawn now. */
  protected drawnSpecs(): S[] {
    return [...this.drawn].map((id) => this.placed.get(id)!.spec);
  }

  protected outlineOf(spec: S): Color {
    return css(spec.outline, OUTLINE);
  }

  private outlineWidthOf(spec: S): number {
    return spec.outline && spec.outline !== MARKER_STYLE.outlineColor
      ? RING_WIDTH
      : MARKER_STYLE.outlineWidth;
  }

  /** The colours of every marker held (drawn or capped), by id (for tests). */
  looks(): Record<string, { fill: string; outline: string }> {
    const out: Record<string, { fill: string; outline: string }> = {};
    for (const [id, { spec }] of this.placed)
      out[id] = { fill: spec.fill ?? MARKER_STYLE.color, outline: spec.outline ?? MARKER_STYLE.outlineColor };
    return out;
  }

  /**
   * Markers held and not hidden by the app, drawn or not (tests and the benchmark wait for this
   * count after a data change); `drawnCount` is how many have a point now.
   */
  get size(): number {
    return this.placed.size - (this.hiddenId && this.placed.has(this.hiddenId) ? 1 : 0);
  }

  get drawnCount(): number {
    return this.drawn.size;
  }

  /** How many grid cells the markers are spread over. */
  get cellCount(): number {
    return this.cells.size;
  }

  /** A marker's point; undefined when it is not drawn. */
  point(id: string): PointPrimitive | undefined {
    return this.placed.get(id)?.point;
  }

  /** Where a marker is, drawn or not. */
  positionOf(id: string): Cartesian3 | undefined {
    return this.placed.get(id)?.position;
  }

  destroy(): void {
    this.stopListening();
    this.scene.primitives.remove(this.points);
  }
}
