/**
 * The globe's camera flights: straight down over a point at the region zoom height, or out to
 * frame every region. `flying` stays true until the last flight started has ended, so the
 * controller can tell a flight's own camera moves from the user's.
 */
import { Cartesian3, Math as CesiumMath, Rectangle, type Camera } from "cesium";
import { REGION_ZOOM_HEIGHT_M, type RegionSummary } from "@poleatlas/shared";
import { overviewBox } from "./camera-targets";

type FlyToOptions = Parameters<Camera["flyTo"]>[0];

export class CameraFlights {
  flying = false;
  /** Counts flights, so a flight cut short by the next one cannot end that one's `flying`. */
  private flight = 0;
  private stopped = false;

  constructor(
    private readonly camera: Camera,
    /** Called when a flight has ended (landed or cut short), unless a newer one is under way. */
    private readonly landed: () => void,
  ) {}

  over(target: { longitude: number; latitude: number }, seconds: number): void {
    this.fly({
      destination: Cartesian3.fromDegrees(target.longitude, target.latitude, REGION_ZOOM_HEIGHT_M),
      orientation: { heading: 0, pitch: -CesiumMath.PI_OVER_TWO, roll: 0 },
      duration: seconds,
    });
  }

  toOverview(regions: readonly RegionSummary[], seconds: number): void {
    this.fly({ destination: overviewRectangle(regions), duration: seconds });
  }

  /** No more callbacks: the viewer is going away. */
  stop(): void {
    this.stopped = true;
  }

  private fly(options: Omit<FlyToOptions, "complete" | "cancel">): void {
    const flight = ++this.flight;
    this.flying = true;
    const done = () => {
      // A flight cut short by unmounting ends after the viewer is gone; one cut short by the next
      // flight is cancelled inside that flight's start, which is still under way.
      if (this.stopped || flight !== this.flight) return;
      this.flying = false;
      this.landed();
    };
    this.camera.flyTo({ ...options, complete: done, cancel: done });
  }
}

export function overviewRectangle(regions: readonly RegionSummary[]): Rectangle {
  const box = overviewBox(regions);
  return Rectangle.fromDegrees(box.west, box.south, box.east, box.north);
}
