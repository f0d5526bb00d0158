/** Small Cesium helpers the controller uses: label placement, frames and panning. */
import {
  BoundingSphere,
  Cartesian2,
  Math as CesiumMath,
  Cartesian3,
  Ellipsoid,
  Occluder,
  SceneMode,
  SceneTransforms,
  type Camera,
  type Scene,
} from "cesium";
import type { ViewBox } from "./markers";

/** Screen position of a point, or undefined when it is not visible (behind the globe, off screen). */
export type Projector = (position: Cartesian3) => { x: number; y: number } | undefined;

/** What the camera sees, in degrees; undefined when it sees half the globe or more (or space). */
export function viewBoxOf(camera: Camera): ViewBox | undefined {
  const rect = camera.computeViewRectangle();
  if (!rect || rect.width >= Math.PI) return undefined;
  const { west, south, east, north } = rect;
  const deg = CesiumMath.toDegrees;
  return { west: deg(west), south: deg(south), east: deg(east), north: deg(north) };
}

/** Screen positions for the label decluttering, as the camera stands now. */
export function screenProjector(scene: Scene): Projector {
  // Behind the globe? A sphere of the ellipsoid's smallest radius is a safe stand-in.
  const earth = new BoundingSphere(Cartesian3.ZERO, Ellipsoid.WGS84.minimumRadius);
  const occluder = scene.mode === SceneMode.SCENE3D ? new Occluder(earth, scene.camera.positionWC) : null;
  const { clientWidth: w, clientHeight: h } = scene.canvas;
  return (position) => {
    if (occluder && !occluder.isPointVisible(position)) return undefined;
    const p = SceneTransforms.worldToWindowCoordinates(scene, position);
    if (!p || p.x < 0 || p.y < 0 || p.x > w || p.y > h) return undefined;
    return { x: p.x, y: p.y };
  };
}

/**
 * Renders a few frames more: a label with letters not drawn before gets them in Cesium's glyph
 * atlas during a frame, and only a later frame shows them; in render-on-demand mode nothing else
 * asks for that frame ('Region 1 (1 of 2 poles)' showed as 'Region 1 (1 o 2 o es)').
 */
export function renderAgainSoon(scene: Scene, frames = 3): void {
  let left = frames;
  // Stand-in scenes of unit tests draw no frames.
  const { postRender } = scene as Partial<Scene>;
  const off = postRender?.addEventListener(() => {
    if (--left <= 0) off?.();
    scene.requestRender();
  });
  scene.requestRender();
}

/**
 * Where the camera must go (same height and direction) for `point` to sit in the middle of the
 * canvas's top `visibleBottom` pixels; undefined when it already lies there, `edge` pixels in
 * (and `roomRight` more from the right edge, where a tag is drawn).
 */
export function panToShow(
  scene: Scene,
  point: Cartesian3,
  visibleBottom: number,
  edge: number,
  roomRight = 0,
): Cartesian3 | undefined {
  const { camera, canvas } = scene;
  const [w, h] = [canvas.clientWidth, canvas.clientHeight];
  if (visibleBottom <= 2 * edge) return undefined;
  const at = SceneTransforms.worldToWindowCoordinates(scene, point);
  if (at && at.y >= edge && at.y <= visibleBottom - edge && at.x >= edge && at.x <= w - edge - roomRight)
    return undefined;
  const want = camera.pickEllipsoid(new Cartesian2(w / 2, visibleBottom / 2));
  const center = camera.pickEllipsoid(new Cartesian2(w / 2, h / 2));
  if (!want || !center) return undefined;
  // The ground between where the point should be and the middle, added to the point: the new
  // middle; the camera keeps its offset from the middle.
  const middle = Cartesian3.add(point, Cartesian3.subtract(center, want, new Cartesian3()), new Cartesian3());
  return Cartesian3.add(
    middle,
    Cartesian3.subtract(camera.positionWC, center, new Cartesian3()),
    new Cartesian3(),
  );
}
