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
import { RISK_COLORS } from "@poleatlas/shared";
import {
  declutterLabels,
  MARKER_STYLE,
  MAX_REGION_LABELS,
  regionsToLabel,
  type MarkerRef,
  type RegionMarkerSpec,
  type ViewBox,
} from "./markers";
import { LABEL_LOOK, NO_DEPTH_TEST_WITHIN_M, PointLayer, REGION_CELL_DEG, REGION_SCALE } from "./point-layer";
import { renderAgainSoon, type Projector } from "./scene-helpers";

export class RegionLayer extends PointLayer<RegionMarkerSpec> {
  // Glyph edges are translucent; one translucent pass instead of two.
  private readonly labels = new LabelCollection({ blendOption: BlendOption.TRANSLUCENT });
  /** What the drawn labels show; null forces a redraw (an empty key is a real "no labels"). */
  private labelledKey: string | null = null;
  private view: ViewBox | undefined;
  private project: Projector | undefined;

  constructor(scene: Scene) {
    super(scene, MARKER_STYLE.regionPixelSize, REGION_CELL_DEG, REGION_SCALE);
    scene.primitives.add(this.labels);
  }

  override set(specs: readonly RegionMarkerSpec[]): void {
    this.labelledKey = null;
    super.set(specs);
  }

  /** Where regions crowd on screen, the worst risk is drawn first, then the biggest. */
  protected override priority(spec: RegionMarkerSpec): number {
    const risk =
      spec.outline === RISK_COLORS.high
        ? 2
        : spec.outline && spec.outline !== MARKER_STYLE.outlineColor
          ? 1
          : 0;
    return risk * 1e12 + spec.count;
  }

  /** The labels follow the drawn markers (refresh after a data change or a camera move). */
  protected override drawnChanged(): void {
    this.relabel(this.view);
  }

  /** In region view the current region's own marker gives way to its photos. */
  hide(id: string | null): void {
    this.setHidden(id);
  }

  /**
   * Labels only for the regions in view, biggest first, within a budget, and never on top of
   * each other (see markers.ts): readable, and cheap with 10k regions.
   */
  relabel(view: ViewBox | undefined, project: Projector | undefined = this.project): void {
    this.view = view;
    this.project = project;
    // Only drawn regions get a label: a capped one's label would name its cell's winner.
    const specs = this.drawnSpecs();
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
    renderAgainSoon(this.scene);
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
