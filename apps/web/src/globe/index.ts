export { GlobeView, type GlobeViewProps } from "./globe-view";
export type { GlobeMode, GlobeSearchHit, SelectedPole } from "./globe-types";
export type { LegendKey, LegendMode } from "./markers";
