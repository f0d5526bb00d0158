/**
 * The thin React side of the globe: makes a GlobeController after the spec's 100 ms delay,
 * feeds it props, forwards its events, and destroys it on unmount. The controller lives in a
 * ref, never in React state.
 */
import { Box } from "@mui/material";
import {
  GLOBE_START_DELAY_MS,
  type BasemapsResponse,
  type ImageRecord,
  type PoleMarkers,
  type RegionSummary,
} from "@poleatlas/shared";
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { GlobeController, type GlobeEvents, type GlobeMode, type LatLon } from "./globe-controller";
import type { GlobeSearchHit, SelectedPole } from "./globe-types";
import type { LegendKey, LegendMode } from "./markers";
import { previewPoints } from "./preview-store";
import { exposeGlobeForTests } from "./test-hook";

export interface GlobeViewProps {
  regions: readonly RegionSummary[];
  /** The regions' request has been answered (even with an error): the stars may load now. */
  regionsAnswered: boolean;
  /** The poles of the region in view, compact (GET /api/poles?region=); ignored in the overview. */
  poles: PoleMarkers | null;
  mode: GlobeMode;
  /** The photo in the panel: its pole's marker is highlighted. */
  selectedPhoto: ImageRecord | null;
  /** The pole whose record is open when it shows no photo (a pole without photos). */
  selectedPole?: SelectedPole | null;
  /** The pole the panel's move list points at: ringed (null or absent: none). */
  highlightedPoleId?: string | null;
  /** The legend's entries whose poles are hidden. */
  hiddenRisks: ReadonlySet<LegendKey>;
  /** The legend's view: poles coloured by condition (default) or by inspection state. */
  legendMode?: LegendMode;
  /** The operator's basemaps and the default one (GET /api/basemaps); absent until answered. */
  basemaps?: BasemapsResponse;
  /**
   * Bottom strip of the page a sheet covers (the photo's sheet on a phone), CSS pixels: the
   * selected pole is kept above it.
   */
  coveredBottomPx?: number;
  /** Pick mode: while true, the next click on the globe goes to onPositionPicked, not to markers. */
  pickingPosition: boolean;
  onPositionPicked: (at: LatLon) => void;
  onRegionClick: GlobeEvents["regionClick"];
  onPoleClick: GlobeEvents["poleClick"];
  /**
   * The search box (features/search), shown at the head of the globe's toolbar once the globe is
   * there; `goTo` follows a hit it chose.
   */
  renderSearch?: (goTo: (hit: GlobeSearchHit) => void) => ReactNode;
  /** A pole picked in the search box: its region and its photo open. */
  onPoleFound?: GlobeEvents["poleFound"];
  onEmptyClick: GlobeEvents["emptyClick"];
  onOverviewRequested: GlobeEvents["overviewRequested"];
  /** The globe's first frame is on screen (the loading notice goes then). */
  onFirstFrame?: () => void;
  /**
   * The chosen base layer cannot be reached (its name; null once another is chosen), with how to
   * go back to the built-in one.
   */
  onBasemapUnreachable?: (name: string | null, useBuiltIn: () => void) => void;
}

export function GlobeView(props: GlobeViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<GlobeController | null>(null);
  const [ready, setReady] = useState(false);
  // Where the search box goes, and how it sends the globe to a hit: there once the globe is.
  const [searchSlot, setSearchSlot] = useState<{
    element: HTMLElement;
    goTo: (hit: GlobeSearchHit) => void;
  } | null>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    let unexpose = () => {};
    const timer = window.setTimeout(() => {
      if (!container.current) return;
      const globe = new GlobeController(container.current);
      controller.current = globe;
      globe.on("regionClick", (id) => latest.current.onRegionClick(id));
      globe.on("poleClick", (id) => latest.current.onPoleClick(id));
      globe.on("poleFound", (id, regionId) => latest.current.onPoleFound?.(id, regionId));
      globe.on("emptyClick", () => latest.current.onEmptyClick());
      globe.on("overviewRequested", () => latest.current.onOverviewRequested());
      globe.on("basemapUnreachable", (name) =>
        latest.current.onBasemapUnreachable?.(name, globe.useBuiltInBasemap),
      );
      // Browser tests drive the globe through window.__poleatlasGlobe; only test builds have it.
      if (__POLEATLAS_TEST_HOOKS__) unexpose = exposeGlobeForTests(globe);
      globe.onceDrawn(() => latest.current.onFirstFrame?.());
      setReady(true);
      setSearchSlot({ element: globe.searchSlot, goTo: (hit) => globe.goTo(hit) });
    }, GLOBE_START_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      unexpose();
      controller.current?.destroy();
      controller.current = null;
      setReady(false);
      setSearchSlot(null);
    };
  }, []);

  const { regions, poles, mode, selectedPhoto, hiddenRisks, pickingPosition, legendMode } = props;
  const regionId = mode.mode === "region" ? mode.regionId : null;
  useEffect(() => {
    if (ready) controller.current?.setRegions(regions);
  }, [ready, regions]);
  const { regionsAnswered } = props;
  useEffect(() => {
    if (ready && regionsAnswered) controller.current?.showSky();
  }, [ready, regionsAnswered]);
  useEffect(() => {
    controller.current?.setMode(regionId ? { mode: "region", regionId } : { mode: "overview" });
  }, [ready, regionId]);
  useEffect(() => {
    controller.current?.setPoles(regionId ? poles : null);
  }, [ready, regionId, poles]);
  const { selectedPole = null } = props;
  useEffect(() => {
    controller.current?.selectPhoto(selectedPhoto, selectedPole);
  }, [ready, selectedPhoto, selectedPole]);
  useEffect(() => {
    controller.current?.setHiddenRisks(hiddenRisks, legendMode);
  }, [ready, hiddenRisks, legendMode]);
  const { basemaps, coveredBottomPx = 0, renderSearch, highlightedPoleId = null } = props;
  useEffect(() => {
    controller.current?.highlightPole(highlightedPoleId);
  }, [ready, highlightedPoleId]);
  useEffect(() => {
    controller.current?.setCoveredBottom(coveredBottomPx);
  }, [ready, coveredBottomPx]);
  useEffect(() => {
    if (basemaps) controller.current?.setBasemaps(basemaps);
  }, [ready, basemaps]);
  const preview = useSyncExternalStore(previewPoints.subscribe, previewPoints.get);
  useEffect(() => {
    // The area and lines change only with the points (one show): the points' identity tells all.
    controller.current?.setPreview(preview, previewPoints.area(), previewPoints.shapes());
  }, [ready, preview]);
  useEffect(() => {
    const globe = controller.current;
    if (!globe || !pickingPosition) return;
    // One pick per click: after a pick the parent ends pick mode, or it asks again.
    let again = true;
    const next = () =>
      void globe.pickPosition().then((at) => {
        if (!at) return;
        latest.current.onPositionPicked(at);
        if (again) next();
      });
    next();
    return () => {
      again = false;
      globe.cancelPick();
    };
  }, [ready, pickingPosition]);

  return (
    <>
      <Box
        ref={container}
        data-testid="globe"
        sx={{
          position: "absolute",
          inset: 0,
          "& .cesium-viewer": { width: "100%", height: "100%" },
          // Cesium's own ion logo: no ion service is used. The data credits stay.
          // (Cesium sets the container's display inline, hence the !important.)
          "& .cesium-credit-logoContainer": { display: "none !important" },
          // The info box's buttons are targets of 24 px at least (WCAG 2.5.8), and on a phone the
          // box takes the width it needs instead of Cesium's 40 % (156 px at 390 px: a cut title).
          "& button.cesium-infoBox-close, & button.cesium-infoBox-camera": { minWidth: 24, height: 24 },
          "& .cesium-infoBox-title": { height: 24, lineHeight: "24px", padding: "3px 32px" },
          "@media (max-width: 599.98px)": { "& .cesium-infoBox": { width: "calc(100% - 16px)" } },
        }}
      />
      {searchSlot && renderSearch && createPortal(renderSearch(searchSlot.goTo), searchSlot.element)}
    </>
  );
}
