/**
 * Points the globe shows for a moment without them being saved: where a GPS track would place
 * the photos (its dry run), or a sample of a register's poles with the area they cover (an
 * import's dry run), until the user applies or cancels. The features write here; the globe reads
 * it. No Cesium in this file: importing it must not load the globe's chunk.
 */
export interface PreviewPoint {
  /** The photo a track would place; a register's sample has none. */
  imageId?: string;
  latitude: number;
  longitude: number;
}

/** What the camera is flown over: a sample's points may not reach the corners of its register. */
export interface PreviewArea {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

type Listener = () => void;

let points: readonly PreviewPoint[] = [];
let area: PreviewArea | null = null;
const listeners = new Set<Listener>();

export const previewPoints = {
  /** What the globe shows now (the same array until it changes). */
  get: (): readonly PreviewPoint[] => points,
  /** The area the points stand in, null when the camera should just frame the points. */
  area: (): PreviewArea | null => area,
  show: (next: readonly PreviewPoint[], nextArea: PreviewArea | null = null): void => {
    points = next;
    area = nextArea;
    for (const l of listeners) l();
  },
  clear: (): void => {
    if (points.length > 0 || area) previewPoints.show([]);
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
