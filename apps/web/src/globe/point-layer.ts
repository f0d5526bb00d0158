/**
 * What the globe's marker layers (region-layer.ts, photo-layer.ts) share: points drawn with
 * primitive collections (not entities): 100k points cost ~136 ms to add and ~50 MB, entities
 * 1.9 s and 1.2 GB. Updates are diffs, so a new upload or a deletion touches only the markers
 * that changed.
 */
import {
  BlendOption,
  Cartesian3,
  Color,
  LabelStyle,
  NearFarScalar,
  PointPrimitiveCollection,
  PrimitiveCollection,
  type PointPrimitive,
  type Scene,
} from "cesium";
import { MARKER_STYLE, type MarkerRef, type MarkerSpec } from "./markers";

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
/** Grid cells for culling: regions spread over the world, photos over one 0.1° region. */
export const REGION_CELL_DEG = 10;
export const PHOTO_CELL_DEG = 0.01;
/**
 * Markers shrink with distance: a whole region of photos seen from 10 km stays legible and the
 * software renderer fills far fewer pixels (overdraw was the cost with 100k points on screen).
 */
export const PHOTO_SCALE = new NearFarScalar(2_000, 1.0, 20_000, 0.45);
export const REGION_SCALE = new NearFarScalar(200_000, 1.0, 20_000_000, 0.6);

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
export class PointLayer<S extends MarkerSpec> {
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
