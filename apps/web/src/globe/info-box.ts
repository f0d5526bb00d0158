/**
 * Cesium's info box, one of the globe's controls in the spec: the selected photo's name, date and
 * place at the globe's edge, a close button and a camera button that follows the pole. Our markers
 * are primitives, not entities, so the selection is handed to the viewer as a small entity of its
 * own (which also lets Cesium's selection indicator frame the pole).
 */
import {
  Cartesian3,
  ConstantPositionProperty,
  ConstantProperty,
  Entity,
  type InfoBox,
  type Viewer,
} from "cesium";
import { formatLocation, formatPhotoDate, mapScreenTexts, type ImageRecord } from "@poleatlas/shared";

/**
 * As Cesium builds the box, its frame has no title, the close button is named "×" and the camera
 * button only by a tooltip: screen readers would announce an unnamed frame and a "times" button.
 * The frame was also a Tab stop with no visible focus and nothing to do inside (a table of the
 * date and place the record shows too): it leaves the Tab order, its text stays readable.
 * The page is dark (color-scheme: dark, which an iframe inherits) and the frame's blank document
 * is light: with the two schemes apart a browser paints the frame opaque white, under Cesium's
 * light text. The frame set to light as its document stays transparent over the box's dark panel
 * (`normal` is not enough: it takes the page's dark).
 */
export function makeInfoBoxAccessible(infoBox: Pick<InfoBox, "container" | "frame"> | undefined): void {
  if (!infoBox) return;
  const texts = mapScreenTexts.infoBox;
  infoBox.frame.title = texts.frame;
  infoBox.frame.tabIndex = -1;
  infoBox.frame.style.colorScheme = "light";
  infoBox.container.querySelector(".cesium-infoBox-close")?.setAttribute("aria-label", texts.close);
  infoBox.container.querySelector(".cesium-infoBox-camera")?.setAttribute("aria-label", texts.camera);
}

/**
 * The box's description: the photo's date and place as the panel writes them, in Cesium's own
 * table style. Built as elements, so nothing in a record can become markup.
 */
export function photoDescription(photo: Pick<ImageRecord, "date" | "latitude" | "longitude">): string {
  const table = document.createElement("table");
  table.className = "cesium-infoBox-defaultTable";
  const body = table.createTBody();
  const rows = [
    [mapScreenTexts.date, formatPhotoDate(photo.date)],
    [mapScreenTexts.location, formatLocation(photo.latitude, photo.longitude)],
  ] as const;
  for (const [label, value] of rows) {
    const row = body.insertRow();
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = label;
    row.append(head);
    row.insertCell().textContent = value;
  }
  return table.outerHTML;
}

const photoInfoId = (photo: Pick<ImageRecord, "id">) => `photo:${photo.id}`;

/**
 * The selected photo as the viewer's selected entity: the info box shows it and the selection
 * indicator frames its pole. The same photo changed (rated, moved) keeps its entity, so the box
 * is updated in place rather than closed and opened again.
 */
export function markSelected(viewer: Viewer, photo: ImageRecord | undefined): void {
  const current = viewer.selectedEntity;
  if (!photo || photo.latitude === null || photo.longitude === null) {
    if (current) viewer.selectedEntity = undefined;
    return;
  }
  const position = Cartesian3.fromDegrees(photo.longitude, photo.latitude);
  const description = new ConstantProperty(photoDescription(photo));
  if (current?.id === photoInfoId(photo)) {
    current.name = photo.name;
    current.description = description;
    current.position = new ConstantPositionProperty(position);
    return;
  }
  viewer.selectedEntity = new Entity({ id: photoInfoId(photo), name: photo.name, position, description });
}
