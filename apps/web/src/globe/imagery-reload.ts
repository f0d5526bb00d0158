/**
 * Cesium marks an imagery tile that failed to load as failed for good: a crew that lost the
 * connection while the globe loaded would keep blank patches until they moved the view. Once the
 * browser is back online, every layer that lost tiles is taken out and put back in its place,
 * which asks for the tiles in view again (those that did load come from the HTTP cache).
 */

/** A tile error listener registration, as Cesium's Event gives one. */
type Listen<T> = { addEventListener(listener: (e: T) => void): unknown };

type Provider = { readonly errorEvent: Listen<unknown> };

/** The parts of an ImageryLayer this needs. Its provider is undefined until the layer is ready. */
export interface ReloadableLayer {
  readonly ready: boolean;
  readonly imageryProvider: Provider | undefined;
  readonly readyEvent: Listen<Provider>;
}

/** The parts of a Viewer this needs (a Cesium Viewer satisfies it). */
export interface ReloadableViewer<L extends ReloadableLayer> {
  isDestroyed(): boolean;
  imageryLayers: {
    readonly length: number;
    get(index: number): L;
    indexOf(layer: L): number;
    contains(layer: L): boolean;
    remove(layer: L, destroy: boolean): boolean;
    add(layer: L, index: number): void;
    layerAdded: Listen<L>;
  };
  scene: { requestRender(): void };
}

export function reloadFailedImageryWhenOnline<L extends ReloadableLayer>(
  viewer: ReloadableViewer<L>,
  target: Pick<Window, "addEventListener"> = window,
): void {
  const { imageryLayers: layers } = viewer;
  const failed = new Set<L>();
  const watched = new WeakSet<L>();
  const watch = (layer: L) => {
    if (watched.has(layer)) return;
    watched.add(layer);
    const onTileError = (provider: Provider) => provider.errorEvent.addEventListener(() => failed.add(layer));
    // The picker's layers are created from a promise: their provider arrives later.
    if (layer.ready && layer.imageryProvider) onTileError(layer.imageryProvider);
    else layer.readyEvent.addEventListener(onTileError);
  };
  for (let i = 0; i < layers.length; i++) watch(layers.get(i));
  layers.layerAdded.addEventListener(watch);

  target.addEventListener("online", () => {
    if (viewer.isDestroyed()) return;
    for (const layer of failed) {
      // A basemap switched away from in the meantime stays gone.
      if (!layers.contains(layer)) continue;
      const index = layers.indexOf(layer);
      layers.remove(layer, false);
      layers.add(layer, index);
    }
    failed.clear();
    viewer.scene.requestRender();
  });
}
