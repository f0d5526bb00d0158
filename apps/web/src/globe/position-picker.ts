/**
 * Pick mode: the next click on the globe answers a position instead of selecting a marker (e.g.
 * to place a photo that has no GPS). One pick at a time; a new one or cancel() ends the last with
 * null. Clicks off the globe (into space) keep waiting.
 */
import { Cartographic, Math as CesiumMath, type Cartesian2, type Scene } from "cesium";

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** Where a canvas pixel (CSS) meets the ellipsoid, or undefined when it looks past the globe. */
export type ScreenToLatLon = (screen: Cartesian2) => LatLon | undefined;

/** Positions on the ellipsoid (height 0): a photo is placed on the ground, whatever the terrain. */
export function ellipsoidPosition(scene: Pick<Scene, "camera" | "globe">): ScreenToLatLon {
  return (screen) => {
    const hit = scene.camera.pickEllipsoid(screen, scene.globe.ellipsoid);
    if (!hit) return undefined;
    const c = Cartographic.fromCartesian(hit, scene.globe.ellipsoid);
    return { latitude: CesiumMath.toDegrees(c.latitude), longitude: CesiumMath.toDegrees(c.longitude) };
  };
}

export class PositionPicker {
  private resolve: ((at: LatLon | null) => void) | null = null;

  constructor(
    private readonly canvas: HTMLElement,
    private readonly toLatLon: ScreenToLatLon,
  ) {}

  get active(): boolean {
    return this.resolve !== null;
  }

  /** Resolves with the next click's position on the globe, or null when cancelled. */
  pick(): Promise<LatLon | null> {
    this.finish(null);
    this.canvas.style.cursor = "crosshair";
    return new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  /** A click on the canvas: true when pick mode took it (the markers must then ignore it). */
  click(screen: Cartesian2): boolean {
    if (!this.resolve) return false;
    const at = this.toLatLon(screen);
    if (at) this.finish(at);
    return true;
  }

  cancel(): void {
    this.finish(null);
  }

  private finish(at: LatLon | null): void {
    const resolve = this.resolve;
    if (!resolve) return;
    this.resolve = null;
    this.canvas.style.cursor = "";
    resolve(at);
  }
}
