/**
 * Where the globe's camera goes and when the region view ends: the first view and the home
 * button frame the regions, a region opens over its poles (higher where they do not fit at the
 * region zoom height), a zoom-out past the limit leaves the region where the camera is, and on a
 * phone a selected pole is kept above the photo's sheet. The heights come from camera-targets.ts.
 */
import { Cartesian3, PerspectiveFrustum, type Viewer } from "cesium";
import {
  OVERVIEW_RETURN_HEIGHT_M,
  REGION_FLIGHT_SECONDS,
  REGION_ZOOM_HEIGHT_M,
  type RegionSummary,
} from "@poleatlas/shared";
import { CameraFlights } from "./camera-flights";
import { lensOf, overviewReturnHeight, overviewTarget, regionTarget, type Lens } from "./camera-targets";
import { shouldReturnToOverview } from "./markers";
import { panToShow } from "./scene-helpers";

/** Free room at the canvas's edges around framed regions: half a label across, a label high. */
const OVERVIEW_MARGIN_PX = { x: 90, y: 60 };
/** Free room around a region's poles when it opens. */
const REGION_MARGIN_PX = { x: 32, y: 32 };
/** A selected pole closer than this to the visible part's edge is panned into it. */
const VISIBLE_EDGE_PX = 24;
// A pole's tag is drawn to the right of its marker: a point kept in view leaves room for it.
const TAG_ROOM_PX = 80;
/** The overview's flights (home, leaving a region by the Map entry). */
const OVERVIEW_FLIGHT_SECONDS = 1.5;

export class GlobeCamera {
  private readonly flights: CameraFlights;
  /** The height the open region was framed from (above the zoom height where its poles need it). */
  private regionViewHeight: number | undefined;
  /** The user zoomed out of the region: the overview comes back where the camera is. */
  private leftByZoom = false;

  constructor(
    private readonly viewer: Viewer,
    landed: () => void,
  ) {
    this.flights = new CameraFlights(viewer.camera, landed);
  }

  get flying(): boolean {
    return this.flights.flying;
  }

  get height(): number {
    return this.viewer.camera.positionCartographic.height;
  }

  /** Puts the camera over the regions at once; false without regions (the default view stays). */
  showOverview(regions: readonly RegionSummary[]): boolean {
    const target = overviewTarget(regions, this.lens(OVERVIEW_MARGIN_PX), REGION_ZOOM_HEIGHT_M);
    if (target) this.flights.jump(target);
    return target !== undefined;
  }

  /** Flies out over the regions; false without regions. */
  flyToOverview(regions: readonly RegionSummary[]): boolean {
    const target = overviewTarget(regions, this.lens(OVERVIEW_MARGIN_PX), REGION_ZOOM_HEIGHT_M);
    if (target) this.flights.over(target, OVERVIEW_FLIGHT_SECONDS);
    return target !== undefined;
  }

  /** The region was left: back over the regions, unless the user zoomed out of it. */
  leftRegion(regions: readonly RegionSummary[]): void {
    if (!this.leftByZoom) this.flyToOverview(regions);
    this.leftByZoom = false;
    this.regionViewHeight = undefined;
  }

  /** The spec's flight: straight down over the region's poles in 2 s. */
  flyToRegion(region: RegionSummary): void {
    const target = regionTarget(region, this.lens(REGION_MARGIN_PX), REGION_ZOOM_HEIGHT_M);
    this.regionViewHeight = target.height;
    this.leftByZoom = false;
    this.flights.over(target, REGION_FLIGHT_SECONDS);
  }

  /** Straight down over these points (a track's preview), as over a region's poles. */
  flyToPoints(points: readonly { longitude: number; latitude: number }[]): void {
    if (points.length === 0) return;
    const lons = points.map((p) => p.longitude);
    const lats = points.map((p) => p.latitude);
    const bounds = {
      minLon: Math.min(...lons),
      maxLon: Math.max(...lons),
      minLat: Math.min(...lats),
      maxLat: Math.max(...lats),
    };
    this.flights.over(
      regionTarget({ bounds }, this.lens(REGION_MARGIN_PX), REGION_ZOOM_HEIGHT_M),
      REGION_FLIGHT_SECONDS,
    );
  }

  /** Straight down over a search hit at the region zoom height. */
  flyOver(at: { longitude: number; latitude: number }): void {
    this.flights.over(at, REGION_FLIGHT_SECONDS);
  }

  /**
   * In region view, true once (per region) when the user's camera has risen past the limit: the
   * region view ends there.
   */
  zoomedOut(inRegion: boolean, sentToRegion: boolean): boolean {
    if (this.leftByZoom) return false;
    const limit = overviewReturnHeight(OVERVIEW_RETURN_HEIGHT_M, this.regionViewHeight);
    const mode = inRegion ? "region" : "overview";
    if (!shouldReturnToOverview(mode, this.height, this.flights.flying, limit, sentToRegion)) return false;
    this.leftByZoom = true;
    return true;
  }

  /**
   * A point the page covers below `coveredBottomPx` (a phone's sheet) is panned into the part of
   * the canvas left visible; the camera keeps its height and direction.
   */
  keepInView(at: { longitude: number; latitude: number } | null, coveredBottomPx: number): void {
    if (!at || !coveredBottomPx || this.flights.flying) return;
    const canvas = this.viewer.scene.canvas;
    const visibleBottom = Math.min(
      canvas.clientHeight,
      window.innerHeight - coveredBottomPx - canvas.getBoundingClientRect().top,
    );
    const point = Cartesian3.fromDegrees(at.longitude, at.latitude);
    const destination = panToShow(this.viewer.scene, point, visibleBottom, VISIBLE_EDGE_PX, TAG_ROOM_PX);
    if (destination) this.flights.pan(destination, 0.6);
  }

  stop(): void {
    this.flights.stop();
  }

  /** The lens of the camera as the canvas stands, keeping `margin` CSS pixels free at the edges. */
  private lens(margin: { x: number; y: number }): Lens {
    const { camera, scene } = this.viewer;
    const { clientWidth: w, clientHeight: h } = scene.canvas;
    const fov =
      camera.frustum instanceof PerspectiveFrustum && camera.frustum.fov ? camera.frustum.fov : Math.PI / 3;
    return lensOf(fov, w || 1, h || 1, margin);
  }
}
