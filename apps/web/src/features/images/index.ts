export { imageKeys } from "./api/get-images";
export { imageQueryOptions, useImage } from "./api/get-image";
export { regionKeys, regionsQueryOptions, useRegions } from "./api/get-regions";
export { useDeleteImage } from "./api/delete-image";
export { forgetDeletedPhoto, wasDeleted } from "./api/deleted-photos";
export { SelectedPhotoPanel, type SelectedPhotoPanelProps } from "./components/selected-photo-panel";
export { PhotoPanel, type PhotoPanelProps } from "./components/photo-panel";
export { panelFrame, SHEET_MAX_HEIGHT_VH, useSwipeDown } from "./components/panel-frame";
export {
  latestPhoto,
  nextAfterDeletion,
  selectionInTimeline,
  stepTimeline,
  type Selection,
} from "./lib/selection";
export { formatLocation, formatPhotoDate } from "./lib/format";
export { PhotoPanelStatus, type PhotoPanelStatusProps } from "./components/photo-panel-status";
export { getPhotoWorkspace } from "./api/get-photo-workspace";
export { BlurTool } from "./components/blur-tool";
