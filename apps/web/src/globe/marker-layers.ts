/**
 * The two marker layers on the globe, drawn with primitive collections (not entities): 100k
 * points cost ~136 ms to add and ~50 MB, entities 1.9 s and 1.2 GB. Updates are diffs, so a new
 * upload or a deletion touches only the markers that changed.
 */
import {
  Cartesian2,
  Cartesian3,
  Color,
  LabelCollection,
  LabelStyle,
  PointPrimitiveCollection,
  VerticalOrigin,
  type PointPrimitive,
  type Scene,
} from "cesium";
import {
  MARKER_STYLE,
  regionsToLabel,
  type MarkerRef,
  type MarkerSpec,
  type RegionMarkerSpec,
  type ViewBox,
} from "./markers";

const YELLOW = Color.fromCssColorString(MARKER_STYLE.color);
const OUTLINE = Color.fromCssColorString(MARKER_STYLE.outlineColor);
const SELECTED_OUTLINE = Color.fromCssColorString(MARKER_STYLE.selectedOutlineColor);
/** Closer than this the markers ignore the depth test, so the ground never half-hides them. */
const NO_DEPTH_TEST_WITHIN_M = 50_000;

interface Placed<S extends MarkerSpec> {
  spec: S;
  point: PointPrimitive;
}

/** Shared diffing: keep unchanged points, move changed ones, add new ones, drop the rest. */
class PointLayer<S extends MarkerSpec> {
  protected readonly points = new PointPrimitiveCollection();
  protected readonly placed = new Map<string, Placed<S>>();

  constructor(
    protected readonly scene: Scene,
    private readonly pixelSize: number,
  ) {
    scene.primitives.add(this.points);
  }

  set(specs: readonly S[]): void {
    const next = new Set<string>();
    for (const spec of specs) {
      next.add(spec.id);
      const old = this.placed.get(spec.id);
      if (old) {
        if (old.spec.longitude !== spec.longitude || old.spec.latitude !== spec.latitude) {
          old.point.position = Cartesian3.fromDegrees(spec.longitude, spec.latitude);
        }
        old.spec = spec;
        continue;
      }
      const ref: MarkerRef = { kind: spec.kind, id: spec.id };
      const point = this.points.add({
        id: ref,
        position: Cartesian3.fromDegrees(spec.longitude, spec.latitude),
        color: YELLOW,
        pixelSize: this.pixelSize,
        outlineColor: OUTLINE,
        outlineWidth: MARKER_STYLE.outlineWidth,
        disableDepthTestDistance: NO_DEPTH_TEST_WITHIN_M,
      });
      this.placed.set(spec.id, { spec, point });
    }
    for (const [id, { point }] of this.placed) {
      if (!next.has(id)) {
        this.points.remove(point);
        this.placed.delete(id);
      }
    }
    this.scene.requestRender();
  }

  /** Visible point count (for tests and the benchmark). */
  get size(): number {
    let n = 0;
    for (const { point } of this.placed.values()) if (point.show) n++;
    return n;
  }

  positionOf(id: string): Cartesian3 | undefined {
    return this.placed.get(id)?.point.position;
  }

  spec(id: string): S | undefined {
    return this.placed.get(id)?.spec;
  }

  destroy(): void {
    this.scene.primitives.remove(this.points);
  }
}

export class RegionLayer extends PointLayer<RegionMarkerSpec> {
  private readonly labels = new LabelCollection();
  private hiddenId: string | null = null;
  private labelledKey = "";
  private view: ViewBox | undefined;

  constructor(scene: Scene) {
    super(scene, MARKER_STYLE.regionPixelSize);
    scene.primitives.add(this.labels);
  }

  override set(specs: readonly RegionMarkerSpec[]): void {
    super.set(specs);
    this.labelledKey = "";
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

  /** Labels only for the regions in view, biggest first, within a budget (see markers.ts). */
  relabel(view: ViewBox | undefined): void {
    this.view = view;
    const specs = [...this.placed.values()].map((p) => p.spec).filter((s) => s.id !== this.hiddenId);
    const chosen = regionsToLabel(specs, view);
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

  override destroy(): void {
    this.scene.primitives.remove(this.labels);
    super.destroy();
  }
}

export class PhotoLayer extends PointLayer<MarkerSpec> {
  private selectedId: string | null = null;

  constructor(scene: Scene) {
    super(scene, MARKER_STYLE.photoPixelSize);
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
      old.point.outlineColor = OUTLINE;
    }
    this.selectedId = id;
    const now = id ? this.placed.get(id) : undefined;
    if (now) {
      now.point.pixelSize = MARKER_STYLE.selectedPixelSize;
      now.point.outlineColor = SELECTED_OUTLINE;
    }
    this.scene.requestRender();
  }
}
