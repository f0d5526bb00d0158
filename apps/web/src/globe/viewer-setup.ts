/**
 * How the Cesium Viewer is built: widgets the spec asks for, offline imagery, no Cesium ion, and
 * cheaper rendering where WebGL runs in software.
 */
import {
  ArcGisMapServerImageryProvider,
  buildModuleUrl,
  EllipsoidTerrainProvider,
  Ion,
  OpenStreetMapImageryProvider,
  ProviderViewModel,
  TileMapServiceImageryProvider,
  type Viewer,
} from "cesium";
import "cesium/Build/Cesium/Widgets/widgets.css";
import { isSoftwareRenderer } from "./markers";

/** Reads the WebGL renderer name from a throw-away context (Cesium's own context is private). */
function detectRenderer(): string | undefined {
  try {
    const canvas = document.createElement("canvas");
    const gl = canvas.getContext("webgl2") ?? canvas.getContext("webgl");
    if (!gl) return undefined;
    const info = gl.getExtension("WEBGL_debug_renderer_info");
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return name;
  } catch {
    return undefined;
  }
}

/**
 * Base layers for the picker. NaturalEarthII ships inside the cesium package, so the default
 * works offline; the online layers are only contacted when a user picks them.
 */
function imageryViewModels(): ProviderViewModel[] {
  const icons = "Widgets/Images/ImageryProviders/";
  return [
    new ProviderViewModel({
      name: "Natural Earth II",
      tooltip: "Natural Earth II, bundled with the app (works offline)",
      iconUrl: buildModuleUrl(`${icons}naturalEarthII.png`),
      creationFunction: () =>
        TileMapServiceImageryProvider.fromUrl(buildModuleUrl("Assets/Textures/NaturalEarthII")),
    }),
    new ProviderViewModel({
      name: "OpenStreetMap",
      tooltip: "OpenStreetMap tiles (needs internet)",
      iconUrl: buildModuleUrl(`${icons}openStreetMap.png`),
      creationFunction: () => new OpenStreetMapImageryProvider({ url: "https://tile.openstreetmap.org/" }),
    }),
    new ProviderViewModel({
      name: "Esri World Imagery",
      tooltip: "Esri World Imagery satellite photos (needs internet)",
      iconUrl: buildModuleUrl(`${icons}ArcGisMapServiceWorldImagery.png`),
      creationFunction: () =>
        ArcGisMapServerImageryProvider.fromUrl(
          "https://services.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer",
        ),
    }),
  ];
}

function terrainViewModels(): ProviderViewModel[] {
  return [
    new ProviderViewModel({
      name: "WGS84 Ellipsoid",
      tooltip: "Smooth ellipsoid, no terrain service needed",
      iconUrl: buildModuleUrl("Widgets/Images/TerrainProviders/Ellipsoid.png"),
      creationFunction: () => new EllipsoidTerrainProvider(),
    }),
  ];
}

export function viewerOptions(software: boolean): Viewer.ConstructorOptions {
  // No ion anywhere: an empty token makes any accidental ion use fail loudly instead of phoning out.
  Ion.defaultAccessToken = "";
  const imagery = imageryViewModels();
  const terrain = terrainViewModels();
  return {
    animation: false,
    timeline: false,
    // The spec's search control is the app's own box (features/search), a combobox put at the
    // head of the toolbar (search-slot.ts): Cesium's widget exposes no combobox roles.
    geocoder: false,
    homeButton: true,
    sceneModePicker: true,
    baseLayerPicker: true,
    imageryProviderViewModels: imagery,
    selectedImageryProviderViewModel: imagery[0],
    terrainProviderViewModels: terrain,
    selectedTerrainProviderViewModel: terrain[0],
    // The stars are six photos (~870 KB) the first draw of the regions does not need: they are
    // added once the regions have been answered (sky.ts), so they never compete with them.
    skyBox: false,
    navigationHelpButton: true,
    navigationInstructionsInitiallyVisible: false,
    fullscreenButton: true,
    // The spec's info box: the selected photo's date and place beside the globe (info-box.ts).
    infoBox: true,
    selectionIndicator: true,
    requestRenderMode: true,
    // A failed frame must not cover the app with Cesium's modal panel (render-recovery.ts).
    showRenderLoopErrors: false,
    maximumRenderTimeChange: Infinity,
    msaaSamples: software ? 1 : 4,
    // Order-independent translucency renders extra targets; only labels are translucent here.
    orderIndependentTranslucency: !software,
    contextOptions: { webgl: { antialias: !software } },
  };
}

export function rendersInSoftware(): boolean {
  return isSoftwareRenderer(detectRenderer());
}

/** Measured here: with these off a software frame drops from ~600 ms to ~100 ms. */
export function tuneForSoftwareRendering(viewer: Viewer): void {
  const { scene } = viewer;
  if (scene.skyAtmosphere) scene.skyAtmosphere.show = false;
  scene.globe.showGroundAtmosphere = false;
  scene.fog.enabled = false;
}
