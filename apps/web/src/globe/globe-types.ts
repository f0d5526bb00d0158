/**
 * The globe's public side as plain types, without Cesium: what the map screen passes in, and what
 * test builds expose on `window` for the e2e tests and the benchmark (apps/web/e2e, bench/), which
 * import these types from here so that the page and its drivers cannot drift apart.
 */
import type { PoleMarkers, RegionSummary } from "@poleatlas/shared";
import type { MarkerRef } from "./markers";

export type { MarkerRef };

export type GlobeMode = { mode: "overview" } | { mode: "region"; regionId: string };

/** A hit of the map's search (features/search) the globe goes to (GlobeController.goTo). */
export type GlobeSearchHit =
  | { kind: "coordinates"; displayName: string; longitude: number; latitude: number }
  | { kind: "region"; id: string; displayName: string; longitude: number; latitude: number }
  | { kind: "pole"; id: string; regionId: string; displayName: string; longitude: number; latitude: number };

/** A marker's CSS colours. */
export interface MarkerLook {
  fill: string;
  outline: string;
}

/** A snapshot of the globe (GlobeController.state()). */
export interface GlobeState {
  mode: GlobeMode;
  /**
   * Markers set (the current region's own left out), drawn or not: dense views draw only some
   * (point-layer.ts); the bench hook's drawnMarkers lists those.
   */
  regionMarkers: number;
  regionLabels: string[];
  /** Pole markers set, drawn or not (as regionMarkers). */
  photoMarkers: number;
  /** Each marker's colours by id, drawn or not (a pole's marker has its pole's id). */
  photoMarkerLooks: Record<string, MarkerLook>;
  regionMarkerLooks: Record<string, MarkerLook>;
  /**
   * The pole names (tag, else label) drawn, by pole id: at street zoom (pole-names.ts), and the
   * selected pole's at any height.
   */
  poleLabels: Record<string, string>;
  /** Pick mode is on: the next click on the globe gives a position (pickPosition). */
  picking: boolean;
  /** Points a preview shows (a GPS track's dry run), not saved. */
  previewPoints: number;
  selectedPhotoId: string | null;
  /** The selected photo's pole: its marker is drawn highlighted. */
  selectedPoleId: string | null;
  /** The pole the move list points at: ringed on the globe. */
  highlightedPoleId: string | null;
  flying: boolean;
  cameraHeight: number;
  tilesLoaded: boolean;
  /** Frames drawn so far; counted in test builds only (0 in production). */
  frames: number;
  softwareRendering: boolean;
  /** The chosen base layer's name while its tiles cannot be reached. */
  unreachableBasemap: string | null;
}

/** Frame and pick timing for bench/globe.ts (bench-hook.ts; test builds only). */
export interface GlobeBenchHook {
  /** Forces `count` full frames of the current view; the time of each, in ms. */
  renderFrames(count: number): number[];
  /**
   * Hides every primitive (our markers and labels) or shows them again: the empty globe from the
   * same camera with the same tiles, to interleave with the loaded one.
   */
  hideMarkers(hidden: boolean): void;
  /** ms spent in `change` itself, and from its call to the end of the first frame drawn after it. */
  timeToDraw(change: () => void): { changeMs: number; totalMs: number };
  /** One `scene.pick` at canvas CSS pixels (as a click would do it): its time and what it hit. */
  pick(x: number, y: number): { ms: number; ref: MarkerRef | null };
  /**
   * The ids of the markers that have a shown point now, by kind: dense views draw none closer
   * than a marker's size to another, so this is fewer than the markers set (GlobeState's counts).
   */
  drawnMarkers(): { region: string[]; photo: string[] };
  /** The canvas: drawing buffer in device pixels, on the page in CSS pixels. */
  canvasSize(): { width: number; height: number; cssWidth: number; cssHeight: number };
  /**
   * `count` frames of a zoom (in by `step` of the height per frame for the first half, then back
   * out): each frame's time, the markers' rebuilds during the move included.
   */
  zoomFrames(count: number, step: number): number[];
}

/**
 * `window.__poleatlasGlobe` in a test build opened with `?globeTestHook`: the GlobeController
 * itself, seen through this interface.
 */
export interface GlobeTestHook {
  state(): GlobeState;
  /** Called whenever markers, mode or selection changed; returns the undo. */
  onUpdate(cb: () => void): () => void;
  setRegions(regions: readonly RegionSummary[]): void;
  /** The region view's poles in the compact form (GET /api/poles?region=); null: none. */
  setPoles(poles: PoleMarkers | null): void;
  setMode(mode: GlobeMode): void;
  screenPositionOf(ref: MarkerRef): { x: number; y: number } | undefined;
  /** Where a point on the ground is on the canvas (CSS pixels). */
  screenPositionOfPoint(at: { latitude: number; longitude: number }): { x: number; y: number } | undefined;
  /** Acts as if the marker was clicked (or empty space, with null). */
  click(ref: MarkerRef | null): void;
  requestRender(): void;
  /** Loads the bench helpers on first use; undefined outside test builds. */
  benchHook: (() => Promise<GlobeBenchHook>) | undefined;
}

/** A pole selected without a photo shown: its marker is highlighted and kept in view. */
export interface SelectedPole {
  id: string;
  latitude: number;
  longitude: number;
}
