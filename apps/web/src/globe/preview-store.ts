/**
 * Points the globe shows for a moment without them being saved: where a GPS track would place
 * the photos (its dry run), until the user applies or cancels. The features write here; the globe
 * reads it. No Cesium in this file: importing it must not load the globe's chunk.
 */
export interface PreviewPoint {
  imageId: string;
  latitude: number;
  longitude: number;
}

type Listener = () => void;

let points: readonly PreviewPoint[] = [];
const listeners = new Set<Listener>();

export const previewPoints = {
  /** What the globe shows now (the same array until it changes). */
  get: (): readonly PreviewPoint[] => points,
  show: (next: readonly PreviewPoint[]): void => {
    points = next;
    for (const l of listeners) l();
  },
  clear: (): void => {
    if (points.length > 0) previewPoints.show([]);
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
