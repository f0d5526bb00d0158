/**
 * Calls per key and window (API_KEY_RATE_LIMIT_*), counted in this process's memory: the plugin
 * counts in the key's row, an UPDATE per call that cost more than the page a GIS client asked
 * for. A window starts at a key's first call in it; past `max` calls the answer says how many
 * seconds remain.
 */
export function createKeyRateLimit(opts: { max: number; windowSeconds: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const windowMs = opts.windowSeconds * 1000;
  const windows = new Map<string, { start: number; count: number }>();

  /** Ends windows that are over, so idle keys are not kept. */
  const sweep = (t: number) => {
    for (const [id, w] of windows) if (t - w.start >= windowMs) windows.delete(id);
  };

  return {
    /** Counts one call of key `id`: null when allowed, else the seconds until the window ends. */
    take(id: string): number | null {
      const t = now();
      if (windows.size > 10_000) sweep(t);
      const w = windows.get(id);
      if (!w || t - w.start >= windowMs) {
        windows.set(id, { start: t, count: 1 });
        return null;
      }
      if (w.count >= opts.max) return Math.max(1, Math.ceil((w.start + windowMs - t) / 1000));
      w.count += 1;
      return null;
    },
  };
}

export type KeyRateLimit = ReturnType<typeof createKeyRateLimit>;
