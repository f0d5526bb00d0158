/**
 * The globe's camera flights: straight down over a point, at the region zoom height or at a
 * height computed to show what matters (camera-targets.ts). `flying` stays true until the last flight started has ended, so the
 * controller can tell a flight's own camera moves from the user's.
 */
import { Cartesian3, Math as CesiumMath, type Camera } from "cesium";
import { REGION_ZOOM_HEIGHT_M } from "@poleatlas/shared";
import type { CameraTarget, LonLat } from "./camera-targets";

type FlyToOptions = Parameters<Camera["flyTo"]>[0];

const STRAIGHT_DOWN = { heading: 0, pitch: -CesiumMath.PI_OVER_TWO, roll: 0 };

const downOver = (t: LonLat & Partial<CameraTarget>) =>
  Cartesian3.fromDegrees(t.longitude, t.latitude, t.height ?? REGION_ZOOM_HEIGHT_M);

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

  /** Straight down over `target`, at its height (the region zoom height when it has none). */
  over(target: LonLat & Partial<CameraTarget>, seconds: number): void {
    this.fly({
      destination: downOver(target),
      orientation: STRAIGHT_DOWN,
      duration: seconds,
    });
  }

  /** Moves the camera to `destination`, looking the same way. */
  pan(destination: Cartesian3, seconds: number): void {
    const { heading, pitch, roll } = this.camera;
    this.fly({ destination, orientation: { heading, pitch, roll }, duration: seconds });
  }

  /** Puts the camera there at once (the first view). */
  jump(target: CameraTarget): void {
    this.camera.setView({ destination: downOver(target), orientation: STRAIGHT_DOWN });
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
