/** What the rest of the web app may use from GPS tracks: placing photos by a track, its preview. */
export { TrackPlacement, type TrackPlacementProps } from "./track-placement";
export { TrackPreviewBar, trackPreview } from "./track-preview";
export { UnplacedUploadOffer } from "./upload-offer";
