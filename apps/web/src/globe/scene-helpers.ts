/** Small Cesium helpers the controller uses: label placement and the info box's entity. */
import {
  BoundingSphere,
  Math as CesiumMath,
  Cartesian3,
  Ellipsoid,
  Entity,
  Occluder,
  SceneMode,
  SceneTransforms,
  type Camera,
  type Scene,
  type Viewer,
} from "cesium";
import { formatDate, mapScreenTexts, type ImageRecord } from "@poleatlas/shared";
import type { ViewBox } from "./markers";
import type { Projector } from "./point-layer";

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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The date as the panel writes it (the user's locale), not the stored YYYY-MM-DD. */
export function infoBoxDescription(photo: ImageRecord, locale?: string): string {
  const where = `${photo.latitude?.toFixed(6)}, ${photo.longitude?.toFixed(6)}`;
  const when = photo.date ? formatDate(photo.date, locale) : mapScreenTexts.noDate;
  return `<p>${escapeHtml(when)}</p><p>${escapeHtml(where)}</p>`;
}

const photoInfoId = (photo: Pick<ImageRecord, "id">) => `photo:${photo.id}`;

/** The info box (one of the spec's widgets) names the selected photo, its date and place. */
export function showInInfoBox(viewer: Viewer, photo: ImageRecord | undefined): void {
  const current = viewer.selectedEntity;
  if (!photo || photo.latitude === null || photo.longitude === null) {
    if (current) viewer.selectedEntity = undefined;
    return;
  }
  if (current?.id === photoInfoId(photo)) return;
  viewer.selectedEntity = new Entity({
    id: photoInfoId(photo),
    name: photo.name,
    position: Cartesian3.fromDegrees(photo.longitude, photo.latitude),
    description: infoBoxDescription(photo),
  });
}
