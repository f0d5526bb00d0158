export { poleKeys } from "./api/pole-keys";
export { patchImage, usePatchImage } from "./api/patch-image";
export { InspectionFields } from "./components/inspection-fields";
export { UnplacedNavItem, UnplacedPhotosDialog } from "./components/unplaced-photos";
export { PoleFields } from "./components/pole-fields";
export { useRegionPoles } from "./api/get-poles";
export { poleTimelineQueryOptions, usePoleTimeline, type PoleTimeline } from "./api/get-pole";
export { cachedPoleOf, dropPhotoFromTimelines, refreshPoles } from "./api/pole-cache";
export { PlaceOnMapHint, usePlaceOnMap } from "./components/place-on-map";
