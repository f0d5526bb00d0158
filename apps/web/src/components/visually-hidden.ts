/**
 * Off screen for the eye, still read by a screen reader: live regions that say what changed,
 * headings and tables that a sighted user gets from the layout or a chart.
 */
export const VISUALLY_HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
