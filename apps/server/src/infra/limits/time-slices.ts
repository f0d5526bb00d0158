/**
 * Long work in slices of time: `due()` says the slice is used up, `turn()` lets the event loop
 * run (other requests, /api/health) and starts the next one. Counted in time, not items: an item
 * costs five times as much on a busy machine as on a quiet one.
 */
export const SLICE_MS = 20;

/**
 * An export's slice, shorter: a batch of wide rows (a pole with thousands of attribute columns)
 * is seconds of JavaScript, and /api/health must answer meanwhile.
 */
export const EXPORT_SLICE_MS = 10;

export function timeSlices(sliceMs = SLICE_MS) {
  let started = performance.now();
  return {
    due: () => performance.now() - started >= sliceMs,
    async turn() {
      await new Promise((resolve) => setImmediate(resolve));
      started = performance.now();
    },
  };
}
