/** What the rest of the web app may use from the imagery picker's layers. */
export { useBasemaps } from "./use-basemaps";
