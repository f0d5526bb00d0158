/**
 * Cesium's base layer picker opens from an image that has no text alternative and cannot be
 * reached with the keyboard. It gets the name Cesium shows as its tooltip (the chosen layer),
 * the role of a button, a place in the tab order, and Enter/Space open it like a click.
 */
import type { Viewer } from "cesium";
import { mapScreenTexts } from "@poleatlas/shared";

export function nameLayerPicker(viewer: Viewer): () => void {
  const image = viewer.baseLayerPicker?.container.querySelector<HTMLImageElement>(
    ".cesium-baseLayerPicker-selected",
  );
  if (!image) return () => {};
  const name = () => image.setAttribute("alt", image.title || mapScreenTexts.baseLayerButton);
  name();
  image.setAttribute("role", "button");
  image.tabIndex = 0;
  // Cesium changes the tooltip when another layer is chosen.
  const renamed = new MutationObserver(name);
  renamed.observe(image, { attributes: true, attributeFilter: ["title"] });
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    image.click();
  };
  image.addEventListener("keydown", onKey);
  return () => {
    renamed.disconnect();
    image.removeEventListener("keydown", onKey);
  };
}
