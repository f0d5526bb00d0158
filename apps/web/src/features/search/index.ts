export { useMapSearch, type MapSearch } from "./hooks/use-map-search";
export { MapSearchBox, type MapSearchPlace } from "./components/map-search-box";
export type { MapSearchHit } from "./lib/map-search";
