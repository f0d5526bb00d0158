/**
 * The globe engine. A plain class that owns the Cesium Viewer and wires its parts: the marker
 * layers (region-layer.ts, photo-layer.ts), camera flights (camera-flights.ts), clicks on markers
 * and pick mode (position-picker.ts). React passes data in (setRegions, setPoles, setMode,
 * selectPhoto, pickPosition) and receives events out (on(...)). No Cesium object ever leaves this
 * folder.
 */
import { Cartesian3, ScreenSpaceEventHandler, ScreenSpaceEventType, Viewer, type Cartesian2 } from "cesium";
import {
  type BasemapsResponse,
  type ImageRecord,
  type PoleMarkers,
  type RegionSummary,
} from "@poleatlas/shared";
import { GlobeCamera } from "./globe-camera";
import { PhotoLayer } from "./photo-layer";
import { PreviewLayer } from "./preview-layer";
import type { PreviewArea, PreviewPoint, PreviewShapes } from "./preview-store";
import { RegionLayer } from "./region-layer";
import { screenProjector, viewBoxOf } from "./scene-helpers";
import { markSelected, makeInfoBoxAccessible } from "./info-box";
import { poleMarkers } from "./pole-markers";
import { regionMarkers, toMarkerRef, type LegendKey, type LegendMode, type MarkerRef } from "./markers";
import { MAX_ZOOM_OUT_M } from "./camera-targets";
import { GlobeEventHub, type GlobeEvents } from "./globe-events";
import type { GlobeBenchHook, GlobeMode, GlobeSearchHit, GlobeState, SelectedPole } from "./globe-types";
import { ellipsoidPosition, PositionPicker, type LatLon } from "./position-picker";
import { addBasemaps } from "./basemaps";
import { reloadFailedImageryWhenOnline } from "./imagery-reload";
import { watchBaseLayerReach } from "./basemap-reach";
import { resumeRenderingAfterErrors } from "./render-recovery";
import { rendersInSoftware, tuneForSoftwareRendering, viewerOptions } from "./viewer-setup";
import { addSky } from "./sky";
import { nameLayerPicker } from "./layer-picker-name";
import { addSearchSlot } from "./search-slot";
import { sceneScreenView } from "./screen-view";

export type { GlobeEvents, GlobeMode, LatLon };

/** A click this close to an undrawn pole (CSS pixels) selects it. */
const CLICK_REACH_PX = 12;

export class GlobeController {
  readonly softwareRendering: boolean;
  private readonly viewer: Viewer;
  private readonly regionLayer: RegionLayer;
  private readonly photoLayer: PhotoLayer;
  private readonly previewLayer: PreviewLayer;
  private readonly clicks: ScreenSpaceEventHandler;
  private readonly picker: PositionPicker;
  private readonly camera: GlobeCamera;
  /** Where the app's search box goes: the head of the globe's toolbar. */
  readonly searchSlot: HTMLElement;
  private readonly events = new GlobeEventHub();
  private readonly updateListeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];
  private regions: readonly RegionSummary[] = [];
  /** The region view's poles, compact as answered: markers are built from it in one pass. */
  private poles: PoleMarkers | null = null;
  private mode: GlobeMode = { mode: "overview" };
  private flownRegionId: string | null = null;
  private framedOverview = false;
  /** Bottom strip of the page a sheet covers (phones), CSS pixels: a selected pole is kept above it. */
  private coveredBottomPx = 0;
  private destroyed = false;
  private skyShown = false;
  private selectedPhoto: ImageRecord | null = null;
  /** The selected pole when no photo of it is shown (a pole without photos). */
  private selectedPole: SelectedPole | null = null;
  private candidatePoleId: string | null = null;
  /** Risk levels the legend hides. */
  private hiddenRisks: ReadonlySet<LegendKey> = new Set();
  private legendMode: LegendMode = "condition";
  private frames = 0;
  /** The chosen base layer when its tiles cannot be reached. */
  private unreachableBasemap: string | null = null;
  /** Chooses the built-in base layer again (it ships with the app and needs no internet). */
  readonly useBuiltInBasemap: () => void;
  private readonly countFrame = () => void this.frames++;

  constructor(container: HTMLElement) {
    this.softwareRendering = rendersInSoftware();
    this.viewer = new Viewer(container, viewerOptions(this.softwareRendering));
    if (this.softwareRendering) tuneForSoftwareRendering(this.viewer);
    this.cleanups.push(nameLayerPicker(this.viewer));
    makeInfoBoxAccessible(this.viewer.infoBox);
    this.searchSlot = addSearchSlot(this.viewer.container);
    resumeRenderingAfterErrors(this.viewer);
    reloadFailedImageryWhenOnline(this.viewer);
    this.useBuiltInBasemap = watchBaseLayerReach(this.viewer, (name) => {
      this.unreachableBasemap = name;
      this.events.emit("basemapUnreachable", name);
    });
    const { scene, camera } = this.viewer;
    scene.screenSpaceCameraController.maximumZoomDistance = MAX_ZOOM_OUT_M;
    this.regionLayer = new RegionLayer(scene);
    this.photoLayer = new PhotoLayer(scene);
    this.previewLayer = new PreviewLayer(scene);
    this.camera = new GlobeCamera(this.viewer, () => this.handleMoveEnd());
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
    // Checked each frame, so a zoom-out leaves the region as it passes the limit, not when (and
    // wherever) the camera's inertia finally stops.
    this.cleanups.push(scene.postRender.addEventListener(() => this.checkZoomOut()));
    // Tests wait for frames to stop coming; production renders without counting.
    if (__POLEATLAS_TEST_HOOKS__) this.cleanups.push(scene.postRender.addEventListener(this.countFrame));
    const home = this.viewer.homeButton?.viewModel.command;
    if (home) {
      this.cleanups.push(
        home.beforeExecute.addEventListener((e: { cancel: boolean }) => {
          // Without regions the globe's own home (the whole Earth) stays.
          if (this.camera.flyToOverview(this.shownRegions())) e.cancel = true;
        }),
      );
    }
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
    this.regionLayer.set(regionMarkers(regions, this.hiddenRisks));
    if (!this.framedOverview && this.mode.mode === "overview")
      this.framedOverview = this.camera.showOverview(this.shownRegions());
    this.applyMode();
    this.changed();
  }

  /**
   * Goes where a search hit is: a region opens, a pole's region opens around the camera flying to
   * the pole (and the pole is reported found), coordinates are flown over.
   */
  goTo(hit: GlobeSearchHit): void {
    if (hit.kind === "region") this.events.emit("regionClick", hit.id);
    else if (hit.kind === "pole") {
      // Its region opens around the camera flying to the pole, not with a flight of its own.
      this.flownRegionId = hit.regionId;
      this.events.emit("poleFound", hit.id, hit.regionId);
      this.camera.flyOver(hit);
    } else if (hit.kind === "coordinates") this.camera.flyOver(hit);
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

  /** Draws the poles as the legend's view says, without those of the entries it hides. */
  setHiddenRisks(hidden: ReadonlySet<LegendKey>, mode: LegendMode = "condition"): void {
    this.hiddenRisks = hidden;
    this.legendMode = mode;
    this.regionLayer.set(regionMarkers(this.regions, hidden));
    this.drawPoles();
  }

  /** How much of the canvas's bottom a sheet covers now (0: none). */
  setCoveredBottom(px: number): void {
    this.coveredBottomPx = px;
    this.keepSelectedInView();
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

  /** Points (and a locate's lines) shown until cleared; the camera flies over new ones, or their area. */
  setPreview(points: readonly PreviewPoint[], area: PreviewArea | null = null, shapes?: PreviewShapes): void {
    this.previewLayer.set(points, shapes);
    this.camera.flyToPoints(
      area
        ? [
            { longitude: area.minLon, latitude: area.minLat },
            { longitude: area.maxLon, latitude: area.maxLat },
          ]
        : points,
    );
    this.changed();
  }

  private drawPoles(): void {
    this.photoLayer.set(poleMarkers(this.poles, this.hiddenRisks, this.legendMode));
    this.photoLayer.highlight(this.candidatePoleId);
    this.changed();
  }

  /** The pole the panel's move list points at: ringed on the globe (null: none). */
  highlightPole(id: string | null): void {
    this.candidatePoleId = id;
    this.photoLayer.highlight(id);
    this.changed();
  }

  setMode(mode: GlobeMode): void {
    const was = this.mode;
    this.mode = mode;
    if (mode.mode === "overview") this.flownRegionId = null;
    // Leaving a region by the Map entry or a deletion frames the regions again; a zoom-out keeps
    // the user's own camera.
    if (was.mode === "region" && mode.mode === "overview") this.camera.leftRegion(this.shownRegions());
    this.framedOverview ||= mode.mode === "region";
    this.applyMode();
    this.changed();
  }

  /**
   * The photo shown in the panel (its pole's marker is highlighted and framed), or without one the
   * pole whose record is open.
   */
  selectPhoto(photo: ImageRecord | null, pole: SelectedPole | null = null): void {
    this.selectedPhoto = photo;
    this.selectedPole = photo ? null : pole;
    this.photoLayer.select(photo?.pole_id ?? this.selectedPole?.id ?? null);
    markSelected(this.viewer, photo ?? undefined);
    this.keepSelectedInView();
    this.changed();
  }

  /** Camera height above the ellipsoid, in metres. */
  cameraHeight(): number {
    return this.camera.height;
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

  /** Undefined behind the globe or the camera: nothing to see or click there. */
  private toScreen(position: Cartesian3): { x: number; y: number } | undefined {
    const p = sceneScreenView(this.viewer.scene)?.project(position);
    return p?.seen ? { x: p.x, y: p.y } : undefined;
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
      previewPoints: this.previewLayer.size,
      regionMarkerLooks: this.regionLayer.looks(),
      selectedPhotoId: this.selectedPhoto?.id ?? null,
      selectedPoleId: this.selectedPhoto?.pole_id ?? this.selectedPole?.id ?? null,
      highlightedPoleId: this.photoLayer.highlighted(),
      flying: this.camera.flying,
      cameraHeight: this.cameraHeight(),
      tilesLoaded: this.viewer.scene.globe.tilesLoaded,
      frames: this.frames,
      softwareRendering: this.softwareRendering,
      unreachableBasemap: this.unreachableBasemap,
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

  /** Runs `cb` once, after the globe's first frame has been drawn. */
  onceDrawn(cb: () => void): void {
    const stop = this.viewer.scene.postRender.addEventListener(() => {
      stop();
      cb();
    });
    this.cleanups.push(stop);
    this.viewer.scene.requestRender();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.camera.stop();
    this.picker.cancel();
    for (const off of this.cleanups) off();
    this.events.clear();
    this.updateListeners.clear();
    this.clicks.destroy();
    this.regionLayer.destroy();
    this.photoLayer.destroy();
    this.previewLayer.destroy();
    this.viewer.destroy();
  }

  private applyMode(): void {
    const regionId = this.mode.mode === "region" ? this.mode.regionId : null;
    this.regionLayer.hide(regionId);
    if (regionId && this.flownRegionId !== regionId) {
      const region = this.regions.find((r) => r.id === regionId);
      if (region) {
        this.flownRegionId = regionId;
        this.camera.flyToRegion(region);
      }
    }
  }

  private handleClick(position: Cartesian2): void {
    if (this.picker.click(position)) return;
    const hit = toMarkerRef(this.viewer.scene.pick(position));
    // A pole left undrawn where markers crowd is still there: a click on its spot finds it.
    const near = hit ?? this.photoLayer.nearestTo(position, CLICK_REACH_PX);
    this.events.emitClick(near ?? null);
  }

  private handleMoveEnd(): void {
    if (this.camera.flying) return;
    this.regionLayer.relabel(viewBoxOf(this.viewer.camera), screenProjector(this.viewer.scene));
    this.checkZoomOut();
    this.keepSelectedInView();
  }

  private checkZoomOut(): void {
    const regionId = this.mode.mode === "region" ? this.mode.regionId : null;
    if (this.camera.zoomedOut(regionId !== null, regionId !== null && this.flownRegionId === regionId)) {
      this.events.emit("overviewRequested");
    }
  }

  /** The regions the legend leaves on the map (all of them when it leaves none). */
  private shownRegions(): readonly RegionSummary[] {
    const shown = new Set(regionMarkers(this.regions, this.hiddenRisks).map((m) => m.id));
    const regions = this.regions.filter((r) => shown.has(r.id));
    return regions.length ? regions : this.regions;
  }

  private keepSelectedInView(): void {
    const photo = this.selectedPhoto;
    const at = photo?.latitude != null && photo.longitude != null ? photo : null;
    const spot = at ? { longitude: at.longitude!, latitude: at.latitude! } : this.selectedPole;
    this.camera.keepInView(
      spot && { longitude: spot.longitude, latitude: spot.latitude },
      this.coveredBottomPx,
    );
  }

  private changed(): void {
    this.viewer.scene.requestRender();
    this.updateListeners.forEach((cb) => cb());
  }
}
