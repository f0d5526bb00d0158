/**
 * Points the globe shows for a moment without them being saved: where a GPS track would place
 * the photos (its dry run), a sample of a register's poles with the area they cover (an
 * import's dry run), or a pole's estimate from its photos' bearings with its circle of
 * uncertainty and the rays, until the user applies or cancels. The features write here; the globe reads
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

export interface PreviewPosition {
  latitude: number;
  longitude: number;
}

/** A camera's line of sight: from where it stood to a point along its bearing. */
export interface PreviewRay {
  from: PreviewPosition;
  to: PreviewPosition;
  /** False: left out of the estimate (it likely shows another pole), drawn dimmed. */
  used: boolean;
}

/** The lines drawn with the points: a locate's rays and its circle of uncertainty. */
export interface PreviewShapes {
  rays: readonly PreviewRay[];
  circle: (PreviewPosition & { radiusM: number }) | null;
}

const NO_SHAPES: PreviewShapes = { rays: [], circle: null };

type Listener = () => void;

let points: readonly PreviewPoint[] = [];
let area: PreviewArea | null = null;
let shapes: PreviewShapes = NO_SHAPES;
const listeners = new Set<Listener>();

export const previewPoints = {
  /** What the globe shows now (the same array until it changes). */
  get: (): readonly PreviewPoint[] => points,
  /** The area the points stand in, null when the camera should just frame the points. */
  area: (): PreviewArea | null => area,
  /** The lines shown with the points (none unless a locate shows its rays). */
  shapes: (): PreviewShapes => shapes,
  show: (
    next: readonly PreviewPoint[],
    nextArea: PreviewArea | null = null,
    nextShapes: PreviewShapes = NO_SHAPES,
  ): void => {
    points = next;
    area = nextArea;
    shapes = nextShapes;
    for (const l of listeners) l();
  },
  clear: (): void => {
    if (points.length > 0 || area || shapes !== NO_SHAPES) previewPoints.show([]);
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
