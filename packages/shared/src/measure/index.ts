// The measuring geometry both apps use: heights along a pole, its lean, the focal length in pixels.
export { measureHeights, type HeightFailure, type HeightResult } from "./heights";
export { measureLean, type LeanFailure, type LeanResult, type LeanView } from "./lean";
export { focalLengthPx } from "./optics";
export { clearanceSuggestions, leanSuggestions } from "./suggestions";
export { formatUncertainty, leanText } from "./measure-format";
export { measurementsTexts, measureSettingsTexts, measureTexts, measureToolTexts } from "./measure-texts";
