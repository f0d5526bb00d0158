/**
 * The region's poles as the keyboard list shows them: named by tag, else label, else place, in
 * tag order, each with a short hint of its risk and inspection. Built from the marker columns the
 * map already holds (GET /api/poles?region=), so the list costs no request. Pure, so it is
 * unit-tested directly.
 */
import {
  INSPECTION_CODES,
  inspectionTexts,
  mapNavigationTexts,
  mapScreenTexts,
  poleTexts,
  RISK_CODES,
  type InspectionKey,
  type PoleMarkers,
  type RiskKey,
} from "@poleatlas/shared";

export interface PoleListEntry {
  id: string;
  /** The tag, else the label, else "Pole at <lat, lon>". */
  name: string;
  risk: RiskKey;
  /** Its risk, an overdue finding and an inspection not current, in a few words. */
  hint: string;
}

/**
 * Digits compare as numbers ("P-2" before "P-10"), letters without case. A key per pole sorted
 * with plain comparisons: a collator's compare took ~4 times as long over 100k tags.
 */
const sortKey = (name: string) => name.toLowerCase().replace(/\d+/g, (d) => d.padStart(16, "0"));

const RISK_NAMES: Record<RiskKey, string> = {
  low: mapScreenTexts.lowRisk,
  medium: mapScreenTexts.mediumRisk,
  high: mapScreenTexts.highRisk,
  unrated: poleTexts.notRated,
};
/** An inspection within its cycle needs no word. */
const INSPECTION_NAMES: Record<InspectionKey, string | null> = {
  current: null,
  due: inspectionTexts.inspectionDue,
  overdue: inspectionTexts.inspectionOverdue,
  never: inspectionTexts.neverInspected,
};

function hintOf(risk: RiskKey, overdue: boolean, inspection: InspectionKey | undefined): string {
  const parts = [RISK_NAMES[risk]];
  if (overdue) parts.push(mapNavigationTexts.overdueHint);
  const state = inspection && INSPECTION_NAMES[inspection];
  if (state) parts.push(state);
  return parts.join(" · ");
}

/** The region's poles in list order; rows are made when asked for (only those in sight are). */
export interface PoleList {
  size: number;
  entry(i: number): PoleListEntry;
  /** The row of the pole with this id; -1 when it is not in the list. */
  rowOf(id: string): number;
}

const given = (poles: PoleMarkers, i: number) => poles.tags?.[i] || poles.labels[poles.ids[i]!] || "";

/**
 * Every pole of the columns, named poles first in tag order (a pole named by its label sorts
 * among the tags by that label), then the poles without a name in the columns' order (oldest
 * first), ties by that order too. Only the order is worked out here, one key a pole and a sort of
 * indexes: rows (names, hints) are made when shown.
 */
export function poleList(poles: PoleMarkers | null | undefined): PoleList {
  if (!poles)
    return { size: 0, entry: () => ({ id: "", name: "", risk: "unrated", hint: "" }), rowOf: () => -1 };
  const n = poles.ids.length;
  const keys: string[] = new Array<string>(n);
  const named: number[] = [];
  const unnamed: number[] = [];
  for (let i = 0; i < n; i++) {
    const name = given(poles, i);
    if (name) {
      keys[i] = sortKey(name);
      named.push(i);
    } else unnamed.push(i);
  }
  const order = Int32Array.from(named).sort((a, b) => {
    const [x, y] = [keys[a]!, keys[b]!];
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  const at = Int32Array.from([...order, ...unnamed]);
  return {
    size: n,
    rowOf(id) {
      for (let row = 0; row < n; row++) if (poles.ids[at[row]!] === id) return row;
      return -1;
    },
    entry(row) {
      const i = at[row]!;
      const { ids, latitudes, longitudes, risks, overdue, inspections } = poles;
      const risk: RiskKey = RISK_CODES[risks[i] ?? 0] ?? "unrated";
      const inspection = inspections ? INSPECTION_CODES[inspections[i] ?? -1] : undefined;
      return {
        id: ids[i]!,
        name: given(poles, i) || mapNavigationTexts.poleAt(latitudes[i] ?? 0, longitudes[i] ?? 0),
        risk,
        hint: hintOf(risk, overdue?.[i] === 1, inspection),
      };
    },
  };
}

/**
 * Where typing `prefix` (type-ahead) moves in the list: the first pole after `from` whose name
 * starts with it (any case), wrapping round; -1 when none does.
 */
export function findByPrefix(list: PoleList, prefix: string, from: number): number {
  const text = prefix.toLowerCase();
  if (!text || list.size === 0) return -1;
  for (let step = 0; step < list.size; step++) {
    const i = (from + step) % list.size;
    if (list.entry(i).name.toLowerCase().startsWith(text)) return i;
  }
  return -1;
}
