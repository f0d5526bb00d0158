/**
 * Cesium stops rendering for good at the first frame that throws, and by default covers the page
 * with a modal 'An error occurred while rendering' panel (over our dialogs). A frame throws when
 * an asset it needs failed to load, which is normal in the field (the connection dropped while
 * the globe was still loading). So the panel is off and rendering resumes a little later; the
 * asset is asked for again then.
 */
export const RENDER_RETRY_MS = 2000;

/** The parts of a Viewer this needs (a Cesium Viewer satisfies it). */
export interface RecoverableViewer {
  useDefaultRenderLoop: boolean;
  isDestroyed(): boolean;
  scene: { renderError: { addEventListener(listener: (scene: unknown, error: unknown) => void): unknown } };
}

export function resumeRenderingAfterErrors(viewer: RecoverableViewer, retryMs = RENDER_RETRY_MS): void {
  let pending = false;
  viewer.scene.renderError.addEventListener((_scene, error) => {
    console.warn("A globe frame failed; rendering resumes shortly", error);
    if (pending) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      if (!viewer.isDestroyed()) viewer.useDefaultRenderLoop = true;
    }, retryMs);
  });
}
