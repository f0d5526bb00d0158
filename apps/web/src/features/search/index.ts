export { useMapSearch, type MapSearch } from "./hooks/use-map-search";
export type { MapSearchHit } from "./lib/map-search";
