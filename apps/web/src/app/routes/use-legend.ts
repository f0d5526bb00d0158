/**
 * The legend's state on the map screen: its view (condition, the default, or inspection due) and
 * the entries hidden in each view, kept apart so switching views loses neither.
 */
import type { PoleMarkers, RegionSummary } from "@poleatlas/shared";
import { useCallback, useMemo, useState } from "react";
import type { LegendKey, LegendMode } from "../../globe/markers";

const NONE: ReadonlySet<LegendKey> = new Set();

export function useLegend(regions: readonly RegionSummary[], poles: PoleMarkers | null, inRegion: boolean) {
  const [mode, setMode] = useState<LegendMode>("condition");
  const [hiddenBy, setHiddenBy] = useState<Record<LegendMode, ReadonlySet<LegendKey>>>({
    condition: NONE,
    inspection: NONE,
  });
  const toggle = useCallback(
    (key: LegendKey) =>
      setHiddenBy((was) => {
        const next = new Set(was[mode]);
        if (!next.delete(key)) next.add(key);
        return { ...was, [mode]: next };
      }),
    [mode],
  );
  // Poles with an overdue finding, counted apart: in the region open, else in every region.
  const overdueCount = useMemo(
    () =>
      inRegion
        ? (poles?.overdue ?? []).reduce((n, x) => n + x, 0)
        : regions.reduce((n, r) => n + r.overdue, 0),
    [inRegion, poles, regions],
  );
  return { mode, setMode, hidden: hiddenBy[mode], toggle, overdueCount };
}
