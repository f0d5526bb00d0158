/**
 * The globe engine. A plain class that owns the Cesium Viewer and wires its parts: the marker
 * layers (region-layer.ts, photo-layer.ts), camera flights (camera-flights.ts), clicks on markers
 * and pick mode (position-picker.ts). React passes data in (setRegions, setPoles, setMode,
 * selectPhoto, pickPosition) and receives events out (on(...)). No Cesium object ever leaves this
 * folder.
 */
import {
  Cartesian3,
  SceneTransforms,
  ScreenSpaceEventHandler,
  ScreenSpaceEventType,
  Viewer,
  type Cartesian2,
  type GeocoderViewModel,
  type Rectangle,
} from "cesium";
import {
  OVERVIEW_RETURN_HEIGHT_M,
  REGION_FLIGHT_SECONDS,
  type BasemapsResponse,
  type ImageRecord,
  type PoleMarkers,
  type RegionSummary,
} from "@poleatlas/shared";
import { CameraFlights, overviewRectangle } from "./camera-flights";
import { LocalGeocoderService } from "./geocoder-service";
import { PhotoLayer } from "./photo-layer";
import { RegionLayer } from "./region-layer";
import { screenProjector, showInInfoBox, viewBoxOf } from "./scene-helpers";
import { poleMarkers } from "./pole-markers";
import { regionMarkers, shouldReturnToOverview, toMarkerRef, type MarkerRef, type RiskKey } from "./markers";
import { MAX_ZOOM_OUT_M, regionCenter, returnsToOverview } from "./camera-targets";
import { GlobeEventHub, type GlobeEvents } from "./globe-events";
import type { GlobeBenchHook, GlobeMode, GlobeSearch, GlobeState } from "./globe-types";
import { ellipsoidPosition, PositionPicker, type LatLon } from "./position-picker";
import { addBasemaps } from "./basemaps";
import { reloadFailedImageryWhenOnline } from "./imagery-reload";
import { resumeRenderingAfterErrors } from "./render-recovery";
import { rendersInSoftware, tuneForSoftwareRendering, viewerOptions } from "./viewer-setup";
import { addSky } from "./sky";

export type { GlobeEvents, GlobeMode, LatLon };

export class GlobeController {
  readonly softwareRendering: boolean;
  private readonly viewer: Viewer;
  private readonly regionLayer: RegionLayer;
  private readonly photoLayer: PhotoLayer;
  private readonly clicks: ScreenSpaceEventHandler;
  private readonly picker: PositionPicker;
  private readonly flights: CameraFlights;
  private readonly geocoder: LocalGeocoderService;
  private readonly events = new GlobeEventHub();
  private readonly updateListeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];
  private regions: readonly RegionSummary[] = [];
  private search: GlobeSearch | null = null;
  /** The region view's poles, compact as answered: markers are built from it in one pass. */
  private poles: PoleMarkers | null = null;
  private mode: GlobeMode = { mode: "overview" };
  private flownRegionId: string | null = null;
  private framedOverview = false;
  private destroyed = false;
  private skyShown = false;
  private selectedPhoto: ImageRecord | null = null;
  /** Risk levels the legend hides. */
  private hiddenRisks: ReadonlySet<RiskKey> = new Set();
  private frames = 0;
  private readonly countFrame = () => void this.frames++;

  constructor(container: HTMLElement) {
    this.softwareRendering = rendersInSoftware();
    this.geocoder = new LocalGeocoderService(() => this.search);
    this.viewer = new Viewer(container, viewerOptions(this.geocoder, this.softwareRendering));
    if (this.softwareRendering) tuneForSoftwareRendering(this.viewer);
    resumeRenderingAfterErrors(this.viewer);
    reloadFailedImageryWhenOnline(this.viewer);
    const { scene, camera } = this.viewer;
    scene.screenSpaceCameraController.maximumZoomDistance = MAX_ZOOM_OUT_M;
    this.regionLayer = new RegionLayer(scene);
    this.photoLayer = new PhotoLayer(scene);
    this.flights = new CameraFlights(camera, () => this.handleMoveEnd());
    this.picker = new PositionPicker(scene.canvas, ellipsoidPosition(scene));

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
          this.flights.toOverview(this.regions, 1.5);
        }),
      );
    }
    const search = this.viewer.geocoder?.viewModel;
    if (search) search.destinationFound = (vm, destination) => this.handleSearchResult(vm, destination);
  }

  on<K extends keyof GlobeEvents>(event: K, cb: GlobeEvents[K]): () => void {
    return this.events.on(event, cb);
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
      this.viewer.camera.setView({ destination: overviewRectangle(this.regions) });
    }
    this.applyMode();
    this.changed();
  }

  /** What the search box asks (the map's search: regions, coordinates, every pole by label). */
  setSearch(search: GlobeSearch | null): void {
    this.search = search;
  }

  /** Adds the stars, Sun and Moon; called once the regions have been answered. */
  setBasemaps({ basemaps, default: chosen }: BasemapsResponse): void {
    addBasemaps(this.viewer, basemaps, chosen);
    this.viewer.scene.requestRender();
  }

  showSky(): void {
    if (this.skyShown || this.destroyed) return;
    this.skyShown = true;
    addSky(this.viewer.scene);
  }

  /**
   * The poles of the region in view (null in the overview), in the compact form: one marker each,
   * labels included.
   */
  setPoles(poles: PoleMarkers | null): void {
    this.poles = poles;
    this.drawPoles();
  }

  /** Hides the poles of these risk levels (the legend's filter). */
  setHiddenRisks(hidden: ReadonlySet<RiskKey>): void {
    this.hiddenRisks = hidden;
    this.drawPoles();
  }

  /**
   * Pick mode: the cursor turns to a crosshair and the next click on the globe resolves with its
   * position on the ellipsoid instead of selecting a marker; null when cancelled (cancelPick, a
   * new pick, or the globe going away).
   */
  pickPosition(): Promise<LatLon | null> {
    const picked = this.picker.pick();
    this.changed();
    return picked.finally(() => this.changed());
  }

  cancelPick(): void {
    this.picker.cancel();
  }

  private drawPoles(): void {
    this.photoLayer.set(poleMarkers(this.poles, this.hiddenRisks));
    this.changed();
  }

  setMode(mode: GlobeMode): void {
    const was = this.mode;
    this.mode = mode;
    if (mode.mode === "overview") this.flownRegionId = null;
    // Also after a zoom-out: where the wheel stopped, the regions may be off screen.
    if (returnsToOverview(was.mode, mode.mode)) this.flights.toOverview(this.regions, 1.5);
    this.framedOverview ||= mode.mode === "region";
    this.applyMode();
    this.changed();
  }

  /** The photo shown in the panel (its pole's marker is highlighted, the info box names it). */
  selectPhoto(photo: ImageRecord | null): void {
    this.selectedPhoto = photo;
    this.photoLayer.select(photo?.pole_id ?? null);
    showInInfoBox(this.viewer, photo ?? undefined);
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
    return this.toScreen(position);
  }

  /** Where a point on the ground is on the canvas (CSS pixels), e.g. to click it in a browser test. */
  screenPositionOfPoint(at: LatLon): { x: number; y: number } | undefined {
    return this.toScreen(Cartesian3.fromDegrees(at.longitude, at.latitude));
  }

  private toScreen(position: Cartesian3): { x: number; y: number } | undefined {
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
      poleLabels: this.photoLayer.labelTexts(),
      picking: this.picker.active,
      regionMarkerLooks: this.regionLayer.looks(),
      selectedPhotoId: this.selectedPhoto?.id ?? null,
      selectedPoleId: this.selectedPhoto?.pole_id ?? null,
      flying: this.flights.flying,
      cameraHeight: this.cameraHeight(),
      tilesLoaded: this.viewer.scene.globe.tilesLoaded,
      frames: this.frames,
      softwareRendering: this.softwareRendering,
    };
  }

  /** Acts as if the marker was clicked (test hook; the real click goes through handleClick). */
  click(ref: MarkerRef | null): void {
    this.events.emitClick(ref);
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
    this.flights.stop();
    this.picker.cancel();
    for (const off of this.cleanups) off();
    this.events.clear();
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
        this.flights.over(regionCenter(region), REGION_FLIGHT_SECONDS);
      }
    }
  }

  private handleClick(position: Cartesian2): void {
    if (this.picker.click(position)) return;
    this.events.emitClick(toMarkerRef(this.viewer.scene.pick(position)) ?? null);
  }

  private handleMoveEnd(): void {
    if (this.flights.flying) return;
    this.regionLayer.relabel(viewBoxOf(this.viewer.camera), screenProjector(this.viewer.scene));
    const height = this.cameraHeight();
    if (shouldReturnToOverview(this.mode.mode, height, this.flights.flying, OVERVIEW_RETURN_HEIGHT_M)) {
      this.events.emit("overviewRequested");
    }
  }

  private handleSearchResult(_vm: GeocoderViewModel, destination: Cartesian3 | Rectangle): void {
    const hit = this.geocoder.hitFor(destination);
    if (hit?.kind === "region") this.events.emit("regionClick", hit.id);
    else if (hit?.kind === "pole") {
      // Its region opens around the camera flying to the pole, not with a flight of its own.
      this.flownRegionId = hit.regionId;
      this.events.emit("poleFound", hit.id, hit.regionId);
      this.flights.over(hit, REGION_FLIGHT_SECONDS);
    } else if (hit?.kind === "coordinates") this.flights.over(hit, REGION_FLIGHT_SECONDS);
  }

  private changed(): void {
    this.viewer.scene.requestRender();
    this.updateListeners.forEach((cb) => cb());
  }
}
