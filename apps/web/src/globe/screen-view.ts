/** What the camera sees, as the marker layers' capping needs it (see point-layer.ts). */
import {
  Cartesian2,
  Ellipsoid,
  Matrix4,
  SceneMode,
  SceneTransforms,
  type Cartesian3,
  type Scene,
} from "cesium";
import type { ViewBox } from "./markers";
import { viewBoxOf } from "./scene-helpers";

export interface ScreenView {
  /** The canvas, CSS pixels. */
  width: number;
  height: number;
  /** The ground in view, degrees; undefined when the camera sees half the globe or more. */
  box: ViewBox | undefined;
  /** Camera height above the ellipsoid, metres (markers shrink with distance). */
  cameraHeight: number;
  /**
   * Where a position is on the canvas (CSS pixels, possibly outside it), `seen` false when the
   * globe is in front of it; undefined when it cannot be placed (behind the camera).
   */
  project(position: Cartesian3): { x: number; y: number; seen: boolean } | undefined;
}

const scratch = new Cartesian2();
const viewProjection = new Matrix4();

/** The scene's camera as it stands now; undefined before the canvas has a size. */
export function sceneScreenView(scene: Scene): ScreenView | undefined {
  const { clientWidth: width, clientHeight: height } = scene.canvas;
  if (!width || !height) return undefined;
  const { camera } = scene;
  const base = { width, height, box: viewBoxOf(camera), cameraHeight: camera.positionCartographic.height };
  if (scene.mode !== SceneMode.SCENE3D) {
    return {
      ...base,
      project(position) {
        const p = SceneTransforms.worldToWindowCoordinates(scene, position, scratch);
        return p && Number.isFinite(p.x) && Number.isFinite(p.y) ? { x: p.x, y: p.y, seen: true } : undefined;
      },
    };
  }
  // In 3D what SceneTransforms does per call, with the matrix multiplied once: a refresh projects
  // tens of thousands of markers.
  const vp = Matrix4.multiply(camera.frustum.projectionMatrix, camera.viewMatrix, viewProjection);
  // Column-major: clip = m × (x, y, z, 1).
  const a = Matrix4.toArray(vp);
  const e = (i: number) => a[i] ?? 0;
  const [m0, m1, m3, m4, m5, m7] = [e(0), e(1), e(3), e(4), e(5), e(7)] as const;
  const [m8, m9, m11, m12, m13, m15] = [e(8), e(9), e(11), e(12), e(13), e(15)] as const;
  const c = camera.positionWC;
  // Seen unless the globe is in front: on a sphere, a point faces the camera when
  // (camera − point)·point > 0; the ellipsoid's smallest radius keeps this on the safe side.
  const r2 = Ellipsoid.WGS84.minimumRadius ** 2;
  return {
    ...base,
    project({ x, y, z }) {
      const w = m3 * x + m7 * y + m11 * z + m15;
      if (!(w > 0)) return undefined; // behind the camera
      const cx = (m0 * x + m4 * y + m8 * z + m12) / w;
      const cy = (m1 * x + m5 * y + m9 * z + m13) / w;
      const seen = c.x * x + c.y * y + c.z * z - r2 > 0;
      return { x: ((cx + 1) / 2) * width, y: ((1 - cy) / 2) * height, seen };
    },
  };
}

/** The box grown by `share` of its size on each side (the screen margin, on the ground). */
export function grow(box: ViewBox, share: number): ViewBox {
  const dLat = (box.north - box.south) * share;
  const width = box.west <= box.east ? box.east - box.west : box.east + 360 - box.west;
  const dLon = width * share;
  if (width + 2 * dLon >= 360)
    return { west: -180, east: 180, south: box.south - dLat, north: box.north + dLat };
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  return {
    west: wrap(box.west - dLon),
    east: wrap(box.east + dLon),
    south: box.south - dLat,
    north: box.north + dLat,
  };
}

/** Whether grid cell "x,y" (of `deg` degrees) meets the box (which may cross the antimeridian). */
export function cellMeets(cell: string, deg: number, box: ViewBox): boolean {
  const [x, y] = cell.split(",").map(Number) as [number, number];
  const [west, south] = [x * deg, y * deg];
  if (south > box.north || south + deg < box.south) return false;
  const east = west + deg;
  if (box.west <= box.east) return east >= box.west && west <= box.east;
  return east >= box.west || west <= box.east;
}

/** A window being dragged to a new size redraws once, when it stops. */
const RESIZE_SETTLE_MS = 200;

/** While the camera moves (a zoom, a drag), the drawn markers follow at most this often... */
const MOVING_REFRESH_MS = 250;
/** ...and the following takes at most this share of the time (a refresh at 100k poles is slow). */
const MOVING_REFRESH_SHARE = 0.1;

/**
 * Calls `changed` while the camera moves (every MOVING_REFRESH_MS at most, on a rendered frame:
 * zooming in fills the gaps on the way), when it stops, and when the canvas has been resized
 * (window, phone turned: another area shows without a camera move). Returns the undo.
 */
export function onViewChanged(scene: Scene, changed: () => void): () => void {
  let moving = false;
  let last = 0;
  /** What the latest refresh took, whenever it ran: one slow refresh (a cold start) is not kept. */
  let cost = 0;
  const refresh = () => {
    const start = performance.now();
    changed();
    last = performance.now();
    cost = last - start;
  };
  const stopStarts = scene.camera.moveStart.addEventListener(() => {
    moving = true;
    last = performance.now();
  });
  const stopFrames = scene.postRender.addEventListener(() => {
    if (!moving) return;
    const now = performance.now();
    if (now - last < Math.max(MOVING_REFRESH_MS, cost / MOVING_REFRESH_SHARE)) return;
    refresh();
  });
  const stopMoves = scene.camera.moveEnd.addEventListener(() => {
    moving = false;
    refresh();
  });
  let soon: ReturnType<typeof setTimeout> | undefined;
  const resized = new ResizeObserver(() => {
    clearTimeout(soon);
    soon = setTimeout(refresh, RESIZE_SETTLE_MS);
  });
  resized.observe(scene.canvas);
  return () => {
    stopStarts();
    stopFrames();
    stopMoves();
    resized.disconnect();
    clearTimeout(soon);
  };
}
