export { GlobeView, type GlobeViewProps } from "./globe-view";
export type { GlobeMode, GlobeSearch, GlobeSearchHit } from "./globe-types";
export type { LegendKey, LegendMode } from "./markers";
