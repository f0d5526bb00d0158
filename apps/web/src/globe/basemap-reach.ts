/**
 * Tells when the chosen base layer cannot be reached (no internet, its server down): its tiles
 * fail without an answer from any server, and the globe would turn plain blue without a word. A
 * tile the server answers with an error (e.g. 404 outside a layer's coverage) does not count.
 */
import type { ImageryLayer, ImageryProvider, TileProviderError, Viewer } from "cesium";

/** Failed tiles (or a layer that could not start) before the layer counts as unreachable. */
export const UNREACHABLE_AFTER_FAILURES = 3;

/** A tile failure without a status: the request never got an answer from a server. */
export function isUnanswered(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null | undefined)?.statusCode;
  return typeof status !== "number" || status === 0;
}

/**
 * Calls `report` with the base layer's name once it counts as unreachable, and with null when
 * another base layer is chosen. Returns how to fall back to the picker's first (built-in) layer.
 */
export function watchBaseLayerReach(
  viewer: Viewer,
  report: (unreachable: string | null) => void,
): () => void {
  const picker = viewer.baseLayerPicker?.viewModel;
  let current: ImageryLayer | undefined;
  const watch = (layer: ImageryLayer, index: number) => {
    if (index !== 0 || layer === current) return;
    current = layer;
    report(null);
    let failures = 0;
    let told = false;
    const fail = (count: number) => {
      failures += count;
      if (current !== layer || told || failures < UNREACHABLE_AFTER_FAILURES) return;
      told = true;
      report(picker?.selectedImagery?.name ?? "");
    };
    // The picker's layers build their provider from a promise: one that cannot start fails here.
    layer.errorEvent.addEventListener(() => fail(UNREACHABLE_AFTER_FAILURES));
    const onProvider = (provider: ImageryProvider) =>
      provider.errorEvent.addEventListener((e: TileProviderError) => {
        if (isUnanswered(e.error)) fail(1);
      });
    if (layer.ready) onProvider(layer.imageryProvider);
    else layer.readyEvent.addEventListener(onProvider);
  };
  viewer.imageryLayers.layerAdded.addEventListener(watch);
  if (viewer.imageryLayers.length > 0) watch(viewer.imageryLayers.get(0), 0);
  return () => {
    const builtIn = picker?.imageryProviderViewModels[0];
    if (picker && builtIn) picker.selectedImagery = builtIn;
  };
}
