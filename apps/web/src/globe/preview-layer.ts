/**
 * The preview on the globe (preview-store.ts): a cyan marker for each photo a track would place
 * (or a locate's estimate), drawn over terrain and the other markers, and a locate's rays and
 * circle of uncertainty as lines on the ground.
 */
import {
  Cartesian3,
  Color,
  Material,
  PointPrimitiveCollection,
  PolylineCollection,
  type Scene,
} from "cesium";
import { circleRing } from "./ground-geometry";
import type { PreviewPoint, PreviewPosition, PreviewShapes } from "./preview-store";
import { renderAgainSoon } from "./scene-helpers";

const PREVIEW_COLOR = "#00e5ff";
/** A ray left out of the estimate: grey, so the eye keeps to the rays that made it. */
export const LEFT_OUT_RAY_COLOR = "#9e9e9e";
const RAY_WIDTH = 2;
const CIRCLE_WIDTH = 3;

const toCartesians = (line: readonly PreviewPosition[]) =>
  line.map((p) => Cartesian3.fromDegrees(p.longitude, p.latitude));

const colored = (css: string) => Material.fromType("Color", { color: Color.fromCssColorString(css) });

export class PreviewLayer {
  private readonly points = new PointPrimitiveCollection();
  private readonly lines = new PolylineCollection();

  constructor(private readonly scene: Scene) {
    scene.primitives.add(this.points);
    scene.primitives.add(this.lines);
  }

  get size(): number {
    return this.points.length;
  }

  /** The rays, then the circle's ring when there is one. */
  get lineCount(): number {
    return this.lines.length;
  }

  /** Line i's positions and colour, for the tests. */
  line(i: number): { positions: Cartesian3[]; color: string } {
    const l = this.lines.get(i);
    return {
      positions: l.positions,
      color: (l.material.uniforms as { color: Color }).color.toCssHexString(),
    };
  }

  set(points: readonly PreviewPoint[], shapes: PreviewShapes = { rays: [], circle: null }): void {
    this.points.removeAll();
    this.lines.removeAll();
    for (const p of points) {
      this.points.add({
        position: Cartesian3.fromDegrees(p.longitude, p.latitude),
        pixelSize: 12,
        color: Color.fromCssColorString(PREVIEW_COLOR),
        outlineColor: Color.BLACK,
        outlineWidth: 2,
        // Over terrain and the other markers: the preview is what the user looks at now.
        disableDepthTestDistance: Number.POSITIVE_INFINITY,
      });
    }
    for (const ray of shapes.rays) {
      this.lines.add({
        positions: toCartesians([ray.from, ray.to]),
        width: RAY_WIDTH,
        material: colored(ray.used ? PREVIEW_COLOR : LEFT_OUT_RAY_COLOR),
      });
    }
    const { circle } = shapes;
    if (circle && circle.radiusM > 0) {
      this.lines.add({
        positions: toCartesians(circleRing(circle, circle.radiusM)),
        width: CIRCLE_WIDTH,
        material: colored(PREVIEW_COLOR),
      });
    }
    renderAgainSoon(this.scene);
  }

  destroy(): void {
    this.scene.primitives.remove(this.points);
    this.scene.primitives.remove(this.lines);
  }
}
