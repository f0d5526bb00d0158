/**
 * The place of the map's search box: first in the globe's toolbar, where Cesium's own search
 * widget stood, so the box sits in line with Home, the scene mode and the base layer and the
 * toolbar keeps its order for the Tab key (search first). The box itself is React's
 * (features/search), put here by the globe's view.
 */
export function addSearchSlot(viewerContainer: Element): HTMLElement {
  const slot = document.createElement("div");
  slot.className = "poleatlas-search-slot";
  // Cesium's toolbar lays its children out inline, 32 px high, 3 px apart.
  Object.assign(slot.style, { display: "inline-block", verticalAlign: "top", margin: "0 3px" });
  const toolbar = viewerContainer.querySelector(".cesium-viewer-toolbar");
  if (toolbar) toolbar.prepend(slot);
  else viewerContainer.append(slot);
  return slot;
}
