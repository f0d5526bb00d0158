/**
 * The keyboard focus ring: a light blue outline with a black gap, so it shows on the black pages,
 * on the globe's imagery and on the app's blue buttons alike. Only for keyboard focus
 * (`:focus-visible`), so clicks leave no ring.
 */
export const FOCUS_RING = {
  outline: "3px solid #81d4fa",
  outlineOffset: "2px",
  boxShadow: "0 0 0 2px #000",
} as const;
