/**
 * Pole markers of the region in view: one point per pole (named by the pole's id), the selected
 * photo's pole highlighted, and pole names (tag, else label) next to their markers at street zoom,
 * decluttered and capped (pole-names.ts: a region's worth of tags seen from afar would be
 * unreadable and costly, glyphs are billboards).
 */
import {
  BlendOption,
  Cartesian2,
  Cartesian3,
  HorizontalOrigin,
  Color,
  LabelCollection,
  PointPrimitiveCollection,
  VerticalOrigin,
  type Label,
  type PointPrimitive,
  type Scene,
} from "cesium";
import { MARKER_STYLE, type MarkerRef, type PoleMarkerSpec } from "./markers";
import { POLE_NAME_OFFSET_PX, poleNamesToDraw, type PoleNameCandidate } from "./pole-names";
import {
  LABEL_LOOK,
  NO_DEPTH_TEST_WITHIN_M,
  PHOTO_CELL_DEG,
  PHOTO_SCALE,
  PointLayer,
  SELECTED_OUTLINE,
} from "./point-layer";
import { RISK_PRIORITY } from "./screen-cap";

/**
 * The move list's candidate: a hollow ring around its marker, in a colour no risk uses, so the
 * pole a photo would move to is seen without changing how any pole's own risk looks.
 */
const CANDIDATE_RING = Color.fromCssColorString(MARKER_STYLE.candidateRingColor);
/** Right of the marker, clear of the selected (bigger, outlined) marker, so it never covers the text. */
const LABEL_OFFSET = new Cartesian2(POLE_NAME_OFFSET_PX, 0);

export class PhotoLayer extends PointLayer<PoleMarkerSpec> {
  /** The selected photo's pole (markers are named by pole id). */
  private selectedId: string | null = null;
  // Glyph edges are translucent; one translucent pass instead of two.
  private readonly labels = new LabelCollection({ blendOption: BlendOption.TRANSLUCENT });
  /** The drawn label of each labelled marker, by marker id. */
  private readonly labelOf = new Map<string, Label>();
  /** The candidate's ring, drawn over every marker (translucent: its middle shows the marker). */
  private readonly rings = new PointPrimitiveCollection({ blendOption: BlendOption.TRANSLUCENT });
  private candidateId: string | null = null;

  constructor(scene: Scene) {
    super(scene, MARKER_STYLE.photoPixelSize, PHOTO_CELL_DEG, PHOTO_SCALE);
    scene.primitives.add(this.labels);
    scene.primitives.add(this.rings);
  }

  protected override priority(spec: PoleMarkerSpec): number {
    return RISK_PRIORITY[spec.risk];
  }

  /** A point drawn again for the selected pole gets its highlight again. */
  protected override dress(id: string, point: PointPrimitive): void {
    if (id !== this.selectedId) return;
    point.pixelSize = MARKER_STYLE.selectedPixelSize;
    point.outlineColor = SELECTED_OUTLINE;
  }

  /** Labels only beside drawn markers: a capped pole's tag would name the wrong marker. */
  protected override drawnChanged(): void {
    this.relabel(this.namedSpecs());
  }

  /**
   * The drawn poles to name for the camera as it stands (pole-names.ts); in the stand-in scenes
   * of unit tests, which have no camera, every drawn pole with a name.
   */
  private namedSpecs(): PoleMarkerSpec[] {
    const drawn = this.drawnSpecs().filter((s) => s.label !== "");
    const view = this.screenView();
    if (!view) return drawn;
    const candidates: PoleNameCandidate[] = [];
    const specs = new Map<string, PoleMarkerSpec>();
    for (const spec of drawn) {
      const position = this.positionOf(spec.id);
      const at = position && view.project(position);
      if (!at?.seen) continue;
      specs.set(spec.id, spec);
      candidates.push({ id: spec.id, name: spec.label, x: at.x, y: at.y, priority: this.priority(spec) });
    }
    const chosen = poleNamesToDraw(candidates, { ...view, selectedId: this.selectedId });
    return chosen.map((id) => specs.get(id)!);
  }

  /** Labels as a diff too: a changed label or a moved pole updates its label in place. */
  private relabel(specs: readonly PoleMarkerSpec[]): void {
    const wanted = new Map(specs.map((s) => [s.id, s] as const));
    for (const [id, label] of this.labelOf) {
      if (wanted.has(id)) continue;
      this.labels.remove(label);
      this.labelOf.delete(id);
    }
    for (const [id, spec] of wanted) {
      const position = Cartesian3.fromDegrees(spec.longitude, spec.latitude);
      const drawn = this.labelOf.get(id);
      if (drawn) {
        if (drawn.text !== spec.label) drawn.text = spec.label;
        if (!Cartesian3.equals(drawn.position, position)) drawn.position = position;
        continue;
      }
      this.labelOf.set(
        id,
        this.labels.add({
          position,
          text: spec.label,
          ...LABEL_LOOK,
          verticalOrigin: VerticalOrigin.CENTER,
          horizontalOrigin: HorizontalOrigin.LEFT,
          pixelOffset: LABEL_OFFSET,
          disableDepthTestDistance: NO_DEPTH_TEST_WITHIN_M,
          id: { kind: "photo", id } satisfies MarkerRef,
        }),
      );
    }
    this.scene.requestRender();
  }

  /** Each drawn pole label by its marker's id (tests read them: the canvas has no DOM text). */
  labelTexts(): Record<string, string> {
    return Object.fromEntries([...this.labelOf].map(([id, label]) => [id, label.text]));
  }

  /** A drawn label, for tests of its look. */
  label(id: string): Label | undefined {
    return this.labelOf.get(id);
  }

  /** The selected pole is highlighted and always drawn, whatever the cap says. */
  select(id: string | null): void {
    if (this.selectedId === id) return;
    const old = this.selectedId ? this.placed.get(this.selectedId) : undefined;
    if (old?.point) {
      old.point.pixelSize = MARKER_STYLE.photoPixelSize;
      old.point.outlineColor = this.outlineOf(old.spec);
    }
    this.selectedId = id;
    const now = id ? this.point(id) : undefined;
    if (now) this.dress(id!, now);
    this.pin(id);
    // The selected pole's name shows at any height; the one before gives way.
    this.relabel(this.namedSpecs());
    this.scene.requestRender();
  }

  /** Rings the pole the move list points at (null: none); drawn whatever the cap says. */
  highlight(id: string | null): void {
    this.candidateId = id;
    this.rings.removeAll();
    const position = id ? this.positionOf(id) : undefined;
    if (id && position) {
      this.rings.add({
        position,
        pixelSize: MARKER_STYLE.candidatePixelSize,
        color: Color.TRANSPARENT,
        outlineColor: CANDIDATE_RING,
        outlineWidth: MARKER_STYLE.candidateRingWidth,
        disableDepthTestDistance: NO_DEPTH_TEST_WITHIN_M,
        id: { kind: "photo", id } satisfies MarkerRef,
      });
    }
    this.scene.requestRender();
  }

  /** The ringed pole while its marker is set (a new set of poles may have lost it). */
  highlighted(): string | null {
    return this.candidateId && this.rings.length > 0 ? this.candidateId : null;
  }

  /**
   * The pole nearest to a canvas position (CSS pixels) within `reach` pixels, drawn or not: where
   * poles crowd, only one per marker-sized spot is drawn, and a click on a hidden one's spot
   * still finds it. One pass over the region's poles, on a click only.
   */
  nearestTo(at: { x: number; y: number }, reach: number): MarkerRef | undefined {
    const view = this.screenView();
    if (!view) return undefined;
    let best: { id: string; d2: number } | undefined;
    for (const [id, { position }] of this.placed) {
      const p = view.project(position);
      if (!p || !p.seen) continue;
      const d2 = (p.x - at.x) ** 2 + (p.y - at.y) ** 2;
      if (d2 <= reach * reach && (!best || d2 < best.d2)) best = { id, d2 };
    }
    return best && { kind: "photo", id: best.id };
  }

  override destroy(): void {
    this.scene.primitives.remove(this.labels);
    this.scene.primitives.remove(this.rings);
    super.destroy();
  }
}
