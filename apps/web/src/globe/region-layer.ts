/** Region markers: the spec's yellow points with 'Region N (count images)' labels, decluttered. */
import {
  BlendOption,
  Cartesian2,
  Cartesian3,
  HorizontalOrigin,
  LabelCollection,
  VerticalOrigin,
  type Scene,
} from "cesium";
import {
  declutterLabels,
  MARKER_STYLE,
  MAX_REGION_LABELS,
  regionsToLabel,
  type MarkerRef,
  type RegionMarkerSpec,
  type ViewBox,
} from "./markers";
import {
  LABEL_LOOK,
  NO_DEPTH_TEST_WITHIN_M,
  PointLayer,
  REGION_CELL_DEG,
  REGION_SCALE,
  type Projector,
} from "./point-layer";

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
        ...LABEL_LOOK,
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
