/**
 * The globe engine. A plain class that owns the Cesium Viewer, the marker collections, camera
 * moves and picking; React passes data in (setRegions, setPhotos, setView, select) and receives
 * events out (on(...)). No Cesium object ever leaves this folder.
 */
import {
  Cartesian3,
  Math as CesiumMath,
  Rectangle,
  SceneTransforms,
  ScreenSpaceEventHandler,
  ScreenSpaceEventType,
  Viewer,
  type Camera,
  type Cartesian2,
  type GeocoderViewModel,
} from "cesium";
import {
  OVERVIEW_RETURN_HEIGHT_M,
  REGION_FLIGHT_SECONDS,
  REGION_ZOOM_HEIGHT_M,
  type ImageRecord,
  type RegionSummary,
} from "@poleatlas/shared";
import { LocalGeocoderService } from "./geocoder-service";
import { PhotoLayer, RegionLayer } from "./marker-layers";
import { screenProjector, showInInfoBox } from "./scene-helpers";
import {
  photoMarkers,
  regionMarkers,
  shouldReturnToOverview,
  toMarkerRef,
  type MarkerRef,
  type RiskKey,
} from "./markers";
import { MAX_ZOOM_OUT_M, overviewBox, regionCenter, returnsToOverview } from "./camera-targets";
import type { GlobeBenchHook, GlobeMode, GlobeState } from "./globe-types";
import { rendersInSoftware, tuneForSoftwareRendering, viewerOptions } from "./viewer-setup";
import { addSky } from "./sky";

type FlyToOptions = Parameters<Camera["flyTo"]>[0];

export type { GlobeMode };

export interface GlobeEvents {
  regionClick: (regionId: string) => void;
  photoClick: (photoId: string) => void;
  emptyClick: () => void;
  /** Zoomed out above the limit while in region view. */
  overviewRequested: () => void;
}

type Listeners = { [K in keyof GlobeEvents]: Set<GlobeEvents[K]> };

export class GlobeController {
  readonly softwareRendering: boolean;
  private readonly viewer: Viewer;
  private readonly regionLayer: RegionLayer;
  private readonly photoLayer: PhotoLayer;
  private readonly clicks: ScreenSpaceEventHandler;
  private readonly geocoder: LocalGeocoderService;
  private readonly listeners: Listeners = {
    regionClick: new Set(),
    photoClick: new Set(),
    emptyClick: new Set(),
    overviewRequested: new Set(),
  };
  private readonly updateListeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];
  private regions: readonly RegionSummary[] = [];
  private photos: readonly ImageRecord[] = [];
  private mode: GlobeMode = { mode: "overview" };
  private flownRegionId: string | null = null;
  private framedOverview = false;
  private flying = false;
  /** Counts flights, so a flight cut short by the next one cannot end that one's `flying`. */
  private flight = 0;
  private destroyed = false;
  private skyShown = false;
  private selectedPhotoId: string | null = null;
  /** Risk levels the legend hides. */
  private hiddenRisks: ReadonlySet<RiskKey> = new Set();
  private frames = 0;
  private readonly countFrame = () => void this.frames++;

  constructor(container: HTMLElement) {
    this.softwareRendering = rendersInSoftware();
    this.geocoder = new LocalGeocoderService(() => ({ regions: this.regions, photos: this.photos }));
    this.viewer = new Viewer(container, viewerOptions(this.geocoder, this.softwareRendering));
    if (this.softwareRendering) tuneForSoftwareRendering(this.viewer);
    const { scene, camera } = this.viewer;
    scene.screenSpaceCameraController.maximumZoomDistance = MAX_ZOOM_OUT_M;
    this.regionLayer = new RegionLayer(scene);
    this.photoLayer = new PhotoLayer(scene);

    // Our own picking replaces the Viewer's entity picking (our markers are primitives).
    this.viewer.screenSpaceEventHandler.removeInputAction(ScreenSpaceEventType.LEFT_CLICK);
    this.viewer.screenSpaceEventHandler.removeInputAction(ScreenSpaceEventType.LEFT_DOUBLE_CLICK);
    this.clicks = new ScreenSpaceEventHandler(scene.canvas);
    this.clicks.setInputAction(
      (e: { position: Cartesian2 }) => this.handleClick(e.position),
      ScreenSpaceEventType.LEFT_CLICK,
    );

    this.cleanups.push(camera.moveEnd.addEventListener(() => this.handleMoveEnd()));
    // Tests wait for frames to stop coming; production renders without counting.
    if (__POLEATLAS_TEST_HOOKS__) this.cleanups.push(scene.postRender.addEventListener(this.countFrame));
    const home = this.viewer.homeButton?.viewModel.command;
    if (home) {
      this.cleanups.push(
        home.beforeExecute.addEventListener((e: { cancel: boolean }) => {
          e.cancel = true;
          this.flyToOverview(1.5);
        }),
      );
    }
    const search = this.viewer.geocoder?.viewModel;
    if (search) search.destinationFound = (vm, destination) => this.handleSearchResult(vm, destination);
  }

  on<K extends keyof GlobeEvents>(event: K, cb: GlobeEvents[K]): () => void {
    const set = this.listeners[event] as Set<GlobeEvents[K]>;
    set.add(cb);
    return () => set.delete(cb);
  }

  /** Called whenever markers, mode or selection changed (tests and debugging watch this). */
  onUpdate(cb: () => void): () => void {
    this.updateListeners.add(cb);
    return () => this.updateListeners.delete(cb);
  }

  setRegions(regions: readonly RegionSummary[]): void {
    this.regions = regions;
    this.regionLayer.set(regionMarkers(regions));
    if (!this.framedOverview && this.mode.mode === "overview" && regions.length > 0) {
      this.framedOverview = true;
      this.viewer.camera.setView({ destination: this.overviewRectangle() });
    }
    this.applyMode();
    this.changed();
  }

  /** Adds the stars, Sun and Moon; called once the regions have been answered. */
  showSky(): void {
    if (this.skyShown || this.destroyed) return;
    this.skyShown = true;
    addSky(this.viewer.scene);
  }

  /** The photos of the region in view (empty in the overview). */
  setPhotos(photos: readonly ImageRecord[]): void {
    this.photos = photos;
    this.drawPoles();
  }

  /** Hides the poles of these risk levels (the legend's filter). */
  setHiddenRisks(hidden: ReadonlySet<RiskKey>): void {
    this.hiddenRisks = hidden;
    this.drawPoles();
  }

  private drawPoles(): void {
    this.photoLayer.setPoles(photoMarkers(this.photos, this.hiddenRisks));
    this.showSelectedInInfoBox();
    this.changed();
  }

  setMode(mode: GlobeMode): void {
    const was = this.mode;
    this.mode = mode;
    if (mode.mode === "overview") this.flownRegionId = null;
    // Also after a zoom-out: where the wheel stopped, the regions may be off screen.
    if (returnsToOverview(was.mode, mode.mode)) this.flyToOverview(1.5);
    this.framedOverview ||= mode.mode === "region";
    this.applyMode();
    this.changed();
  }

  selectPhoto(photoId: string | null): void {
    this.selectedPhotoId = photoId;
    this.photoLayer.selectPhoto(photoId);
    this.showSelectedInInfoBox();
    this.changed();
  }

  /** Camera height above the ellipsoid, in metres. */
  cameraHeight(): number {
    return this.viewer.camera.positionCartographic.height;
  }

  /** Where a marker is on the canvas (CSS pixels), e.g. to click it in a browser test. */
  screenPositionOf(ref: MarkerRef): { x: number; y: number } | undefined {
    const layer = ref.kind === "region" ? this.regionLayer : this.photoLayer;
    const position = layer.positionOf(ref.id);
    if (!position) return undefined;
    const p = SceneTransforms.worldToWindowCoordinates(this.viewer.scene, position);
    return p ? { x: p.x, y: p.y } : undefined;
  }

  /** A snapshot for tests and the benchmark. */
  state(): GlobeState {
    return {
      mode: this.mode,
      regionMarkers: this.regionLayer.size,
      regionLabels: this.regionLayer.labelTexts(),
      photoMarkers: this.photoLayer.size,
      photoMarkerLooks: this.photoLayer.looks(),
      regionMarkerLooks: this.regionLayer.looks(),
      selectedPhotoId: this.selectedPhotoId,
      flying: this.flying,
      cameraHeight: this.cameraHeight(),
      tilesLoaded: this.viewer.scene.globe.tilesLoaded,
      frames: this.frames,
      softwareRendering: this.softwareRendering,
    };
  }

  /** Acts as if the marker was clicked (test hook; the real click goes through handleClick). */
  click(ref: MarkerRef | null): void {
    this.emitFor(ref);
  }

  requestRender(): void {
    this.viewer.scene.requestRender();
  }

  /** Frame and pick timing for bench/globe.ts (bench-hook.ts), loaded on first use; test builds only. */
  readonly benchHook: (() => Promise<GlobeBenchHook>) | undefined = __POLEATLAS_TEST_HOOKS__
    ? () => import("./bench-hook").then((m) => m.globeBenchHook(this.viewer))
    : undefined;

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const off of this.cleanups) off();
    for (const set of Object.values(this.listeners)) set.clear();
    this.updateListeners.clear();
    this.clicks.destroy();
    this.regionLayer.destroy();
    this.photoLayer.destroy();
    this.viewer.destroy();
  }

  private applyMode(): void {
    const regionId = this.mode.mode === "region" ? this.mode.regionId : null;
    this.regionLayer.hide(regionId);
    if (regionId && this.flownRegionId !== regionId) {
      const region = this.regions.find((r) => r.id === regionId);
      if (region) {
        this.flownRegionId = regionId;
        this.flyTo(regionCenter(region), REGION_FLIGHT_SECONDS);
      }
    }
  }

  /** Straight down over a point at the region zoom height. */
  private flyTo(target: { longitude: number; latitude: number }, seconds: number): void {
    this.fly({
      destination: Cartesian3.fromDegrees(target.longitude, target.latitude, REGION_ZOOM_HEIGHT_M),
      orientation: { heading: 0, pitch: -CesiumMath.PI_OVER_TWO, roll: 0 },
      duration: seconds,
    });
  }

  private fly(options: Omit<FlyToOptions, "complete" | "cancel">): void {
    const flight = ++this.flight;
    this.flying = true;
    const done = () => {
      // A flight cut short by unmounting ends after the viewer is gone; one cut short by the next
      // flight is cancelled inside that flight's start, which is still under way.
      if (this.destroyed || flight !== this.flight) return;
      this.flying = false;
      this.handleMoveEnd();
    };
    this.viewer.camera.flyTo({ ...options, complete: done, cancel: done });
  }

  private overviewRectangle(): Rectangle {
    const box = overviewBox(this.regions);
    return Rectangle.fromDegrees(box.west, box.south, box.east, box.north);
  }

  private flyToOverview(seconds: number): void {
    this.fly({ destination: this.overviewRectangle(), duration: seconds });
  }

  private handleClick(position: Cartesian2): void {
    this.emitFor(toMarkerRef(this.viewer.scene.pick(position)) ?? null);
  }

  private emitFor(ref: MarkerRef | null): void {
    if (!ref) this.listeners.emptyClick.forEach((cb) => cb());
    else if (ref.kind === "region") this.listeners.regionClick.forEach((cb) => cb(ref.id));
    else this.listeners.photoClick.forEach((cb) => cb(ref.id));
  }

  private handleMoveEnd(): void {
    if (this.flying) return;
    const rect = this.viewer.camera.computeViewRectangle();
    this.regionLayer.relabel(
      rect && rect.width < Math.PI
        ? {
            west: CesiumMath.toDegrees(rect.west),
            south: CesiumMath.toDegrees(rect.south),
            east: CesiumMath.toDegrees(rect.east),
            north: CesiumMath.toDegrees(rect.north),
          }
        : undefined,
      screenProjector(this.viewer.scene),
    );
    if (shouldReturnToOverview(this.mode.mode, this.cameraHeight(), this.flying, OVERVIEW_RETURN_HEIGHT_M)) {
      this.listeners.overviewRequested.forEach((cb) => cb());
    }
  }

  private handleSearchResult(_vm: GeocoderViewModel, destination: Cartesian3 | Rectangle): void {
    const hit = this.geocoder.hitFor(destination);
    if (hit?.kind === "region") this.listeners.regionClick.forEach((cb) => cb(hit.id));
    else if (hit?.kind === "photo") {
      this.listeners.photoClick.forEach((cb) => cb(hit.id));
      this.flyTo(hit, REGION_FLIGHT_SECONDS);
    } else if (hit) this.flyTo(hit, REGION_FLIGHT_SECONDS);
  }

  private showSelectedInInfoBox(): void {
    showInInfoBox(
      this.viewer,
      this.photos.find((p) => p.id === this.selectedPhotoId),
    );
  }

  private changed(): void {
    this.viewer.scene.requestRender();
    this.updateListeners.forEach((cb) => cb());
  }
}
