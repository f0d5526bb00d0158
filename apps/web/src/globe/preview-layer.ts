/**
 * The preview's points on the globe (preview-store.ts): a cyan marker for each photo a track would
 * place, drawn over terrain and the other markers.
 */
import { Cartesian3, Color, PointPrimitiveCollection, type Scene } from "cesium";
import type { PreviewPoint } from "./preview-store";
import { renderAgainSoon } from "./scene-helpers";

const PREVIEW_COLOR = "#00e5ff";

export class PreviewLayer {
  private readonly points = new PointPrimitiveCollection();

  constructor(private readonly scene: Scene) {
    scene.primitives.add(this.points);
  }

  get size(): number {
    return this.points.length;
  }

  set(points: readonly PreviewPoint[]): void {
    this.points.removeAll();
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
    renderAgainSoon(this.scene);
  }

  destroy(): void {
    this.scene.primitives.remove(this.points);
  }
}
