/**
 * The operator's basemaps (BASEMAPS) in the globe's layer picker, after the built-in
 * ones, and the configured default selected. Tiles come from the configured hosts only (the
 * server's CSP allows exactly those).
 */
import {
  ProviderViewModel,
  UrlTemplateImageryProvider,
  WebMapServiceImageryProvider,
  WebMapTileServiceImageryProvider,
  type ImageryProvider,
  type Viewer,
} from "cesium";
import type { Basemap } from "@poleatlas/shared";

/** A neutral tile icon (the picker wants one); inline, so it needs no request. */
const ICON =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#2e4a3a"/>' +
      '<path d="M0 21h64M0 43h64M21 0v64M43 0v64" stroke="#9fc5a8" stroke-width="2"/></svg>',
  );

export function basemapProvider(b: Basemap): ImageryProvider {
  const common = { url: b.url, maximumLevel: b.maximumLevel, credit: b.attribution };
  switch (b.type) {
    case "xyz":
      return new UrlTemplateImageryProvider(common);
    case "wms":
      return new WebMapServiceImageryProvider({
        ...common,
        layers: b.layers ?? "",
        parameters: { format: "image/png", transparent: false },
      });
    case "wmts":
      return new WebMapTileServiceImageryProvider({
        ...common,
        layer: b.layers ?? "",
        style: "default",
        tileMatrixSetID: b.tileMatrixSet ?? "GoogleMapsCompatible",
      });
  }
}

/** Adds the layers the picker does not have yet and selects `defaultName` once. */
export function addBasemaps(viewer: Viewer, list: readonly Basemap[], defaultName: string): void {
  const picker = viewer.baseLayerPicker?.viewModel;
  if (!picker) return;
  const known = new Set(picker.imageryProviderViewModels.map((vm) => vm.name));
  for (const b of list) {
    if (known.has(b.name)) continue;
    picker.imageryProviderViewModels.push(
      new ProviderViewModel({
        name: b.name,
        tooltip: b.attribution ? `${b.name} (${b.attribution})` : b.name,
        iconUrl: ICON,
        creationFunction: () => basemapProvider(b),
      }),
    );
  }
  const chosen = picker.imageryProviderViewModels.find((vm) => vm.name === defaultName);
  if (chosen && picker.selectedImagery !== chosen) picker.selectedImagery = chosen;
}
