/**
 * Cesium's base layer picker is a button whose only content is an image without a text
 * alternative, so screen readers announce an unnamed image. The image gets the name Cesium shows
 * as the button's tooltip (the chosen layer). The button itself already takes the keyboard: the
 * image must not become a second control inside it (axe: nested-interactive).
 */
import type { Viewer } from "cesium";
import { mapScreenTexts } from "@poleatlas/shared";

export function nameLayerPicker(viewer: Viewer): () => void {
  const image = viewer.baseLayerPicker?.container.querySelector<HTMLImageElement>(
    ".cesium-baseLayerPicker-selected",
  );
  if (!image) return () => {};
  const button = image.closest("button") ?? image;
  const name = () => image.setAttribute("alt", button.title || mapScreenTexts.baseLayerButton);
  name();
  // Cesium changes the tooltip when another layer is chosen.
  const renamed = new MutationObserver(name);
  renamed.observe(button, { attributes: true, attributeFilter: ["title"] });
  return () => renamed.disconnect();
}
