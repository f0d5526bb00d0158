export { GlobeView, type GlobeViewProps } from "./globe-view";
export type { GlobeMode } from "./globe-types";
